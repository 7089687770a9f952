// Request and response schemas of the cross-venue matching routes (docs/api-contract.md §3 cluster record,
// §5 routes; declared in clusters.ts): the same zod schemas validate the parameters (400 naming the
// field) and document the shapes.
import { z } from 'zod';
import { CLUSTER_ID_PATTERN, SVC_ID_PATTERN } from '../../matching/ids.js';
import { EXCHANGE_CODES } from '../../venues/exchanges.js';
import { openapi } from '../openapi.js';
import { VenueMarket } from './venues-schemas.js';

// ---- parameters ----------------------------------------------------------------------------------

export const SvcPath = z.object({
  svc_id: z.string().regex(SVC_ID_PATTERN, 'must be svc_ followed by 12 lower-case base32 characters').openapi({ example: 'svc_abcdefgh2345' }),
});
export const ClusterPath = z.object({
  cluster_id: z.string().regex(CLUSTER_ID_PATTERN, 'must be clu_ followed by 12 lower-case base32 characters').openapi({ example: 'clu_abcdefgh2345' }),
});
export const MarketClusterPath = z.object({
  exchange: z.enum(EXCHANGE_CODES).openapi({ description: 'Venue code (path segment)' }),
  market_id: z.string().min(1).max(300).openapi({ description: "The venue's market id" }),
});

/** "exchange:market_id" (the market id may itself contain colons). */
const MarketRef = z
  .string()
  .max(400)
  .transform((v, ctx) => {
    const i = v.indexOf(':');
    const exchange = i > 0 ? v.slice(0, i) : '';
    const market_id = i > 0 ? v.slice(i + 1) : '';
    if (!(EXCHANGE_CODES as readonly string[]).includes(exchange) || !market_id) {
      ctx.addIssue({ code: 'custom', message: `must be {exchange}:{market_id} with exchange one of ${EXCHANGE_CODES.join(', ')}` });
      return z.NEVER;
    }
    return { exchange, market_id };
  })
  .openapi({ type: 'string', example: 'kalshi:KXBTC-26DEC31-150000' });
export const ExplainQuery = z.object({ a: MarketRef, b: MarketRef });

// ---- responses ------------------------------------------------------------------------------------

export const MemberMatch = openapi.register(
  'MemberMatch',
  z
    .object({
      confidence: z.number().min(0).max(1).openapi({
        description:
          "The probability that the link is right (the two markets ask the same question), calibrated on the service's labelled pairs: of the links the judge made with this raw score, the share that were labelled identical (1 for an operator's force-pair)",
      }),
      method: z.enum(['judge', 'operator']).openapi({ description: "'judge': the pair judge linked it; 'operator': a force-pair override" }),
      reasons: z.array(z.string()).openapi({ description: 'The decisive reasons of the link that joined the market to the cluster' }),
    })
    .openapi({ description: 'How a market joined its cluster' }),
);

export const ClusterRecordSchema = openapi.register(
  'Cluster',
  z.object({
    svc_id: z.string().openapi({ description: 'Public cross-exchange id, stable for the life of the cluster' }),
    cluster_id: z.string().openapi({ description: 'Internal key (GET /api/v1/clusters/{cluster_id}), also stable' }),
    title: z.string(),
    canonical: z.object({ exchange: z.string(), market_id: z.string(), url: z.string().nullable() }),
    market_count: z.number().int(),
    exchanges: z.array(z.string()),
    category: z.string(),
    close_time: z.string().nullable(),
    confidence: z.number().openapi({
      description: 'The lowest calibrated confidence of the links holding the cluster together: the measured probability that its weakest link is right (see members[].match.confidence)',
    }),
    created_at: z.string(),
    updated_at: z.string(),
    merged_into: z.string().nullable().openapi({ description: "Set when the requested svc_id merged into this cluster: this cluster's svc_id" }),
    members: z.array(z.object({ exchange: z.string(), market_id: z.string(), title: z.string(), url: z.string().nullable(), match: MemberMatch })),
  }),
);

export const ClusterMarkets = z.object({
  svc_id: z.string(),
  cluster_id: z.string(),
  merged_into: z.string().nullable(),
  markets: z.array(VenueMarket.and(z.object({ match: MemberMatch }))),
  count: z.number().int(),
});

const Side = z.object({
  exchange: z.string(),
  market_id: z.string(),
  title: z.string(),
  svc_id: z.string().nullable(),
  fingerprint: z.record(z.string(), z.unknown()).openapi({ description: "The judge's parse of the market: subject, comparator, thresholds, window, metric, source..." }),
});
export const Explanation = z.object({
  a: Side,
  b: Side,
  similarity: z.object({ title: z.number().nullable(), rules: z.number().nullable() }).openapi({ description: 'Cosine similarity of the embeddings (null when either is not embedded)' }),
  relation: z.enum(['identical', 'related', 'different']),
  kind: z.string().nullable().openapi({ description: 'Kind of a related link: other_strike, other_date, complementary, implies, same_event' }),
  confidence: z.number().openapi({ description: 'The probability that the relation is right, calibrated on the labelled pairs (for identical: that the two are the same question; otherwise: that they are not)' }),
  reasons: z.array(z.string()).openapi({ description: "The decisive reasons; a rules veto quotes the rule sentence of each market ('veto: rules: ...')" }),
  veto: z.string().nullable(),
  same_cluster: z.boolean().openapi({ description: 'Whether the two are in one cluster now (overrides and one-market-per-venue apply there)' }),
});
