// Cross-venue matching routes (docs/api-contract.md §5): clusters by svc_id (plans with the svc_lookup feature),
// by cluster_id and by member market (any key), and match/explain. Mounted at the root of the keyed
// /api/v1 router, before the per-venue router, so /{exchange}/{market_id}/cluster lands here.
import { Router } from 'express';
import type { CatalogReader } from '../../catalog/catalog-repository.js';
import type { ClusterReader, ClusterRecord } from '../../matching/cluster-repository.js';
import type { ExchangeCode } from '../../venues/exchanges.js';
import { defineRoute, mountRoutes } from '../define-route.js';
import { notFound } from '../errors.js';
import type { RequireFeature } from '../middleware/plan.js';
import { parseWith } from '../validate.js';
import { ClusterMarkets, ClusterPath, ClusterRecordSchema, Explanation, ExplainQuery, MarketClusterPath, SvcPath } from './clusters-schemas.js';

export interface ClustersRouterDeps {
  clusters: ClusterReader;
  catalog: CatalogReader;
  requireFeature: RequireFeature;
}

const tags = ['Cross-exchange matching'];
const MERGED_NOTE = 'A svc_id whose cluster merged into another still answers: with the survivor and merged_into = its svc_id.';
const svcLookup = {
  description: `Plans: pro, max, admin. ${MERGED_NOTE}`,
  middleware: (deps: ClustersRouterDeps) => [deps.requireFeature('svc_lookup')],
};
const svcErrors = { 403: 'The plan of the key has no svc lookups (pro, max, admin)', 404: 'Unknown or dissolved svc_id' };

async function bySvc(deps: ClustersRouterDeps, svcId: string): Promise<ClusterRecord> {
  const c = await deps.clusters.bySvcId(svcId);
  if (!c) throw notFound(`unknown svc_id: ${svcId}`);
  return c;
}

const CLUSTER_ROUTES = [
  defineRoute({
    method: 'get',
    path: '/svc/:svc_id/cluster',
    tags,
    summary: 'Cluster metadata by svc_id: title, canonical market, market count, members',
    ...svcLookup,
    params: SvcPath,
    response: ClusterRecordSchema,
    errors: svcErrors,
    handle: (deps: ClustersRouterDeps, { params }) => bySvc(deps, params.svc_id),
  }),
  defineRoute({
    method: 'get',
    path: '/svc/:svc_id/markets',
    tags,
    summary: 'The equivalent markets of a cluster across all venues, each with its match',
    ...svcLookup,
    params: SvcPath,
    response: ClusterMarkets,
    errors: svcErrors,
    async handle(deps: ClustersRouterDeps, { params }) {
      const c = await bySvc(deps, params.svc_id);
      const markets = [];
      for (const m of await deps.clusters.memberMatches(c.cluster_id)) {
        const market = await deps.catalog.getMarket(m.exchange as ExchangeCode, m.market_id);
        if (market) markets.push({ ...market, match: m.match });
      }
      return { svc_id: c.svc_id, cluster_id: c.cluster_id, merged_into: c.merged_into, markets, count: markets.length };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/clusters/:cluster_id',
    tags,
    summary: 'A cluster by its internal key',
    params: ClusterPath,
    response: ClusterRecordSchema,
    errors: { 404: 'Unknown cluster_id' },
    async handle(deps: ClustersRouterDeps, { params: { cluster_id } }) {
      const c = await deps.clusters.byClusterId(cluster_id);
      if (!c) throw notFound(`unknown cluster_id: ${cluster_id}`);
      return c;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/match/explain',
    tags,
    summary: 'What the matcher says of two catalog markets: relation, score, fingerprints side by side, veto or reasons',
    query: ExplainQuery,
    response: Explanation,
    errors: { 404: 'Unknown market' },
    async handle(deps: ClustersRouterDeps, { query: q }) {
      const e = await deps.clusters.explain(q.a, q.b);
      if ('unknown' in e) {
        const m = q[e.unknown];
        throw notFound(`${e.unknown}: unknown market ${m.exchange}:${m.market_id}`);
      }
      const { verdict, ...rest } = e;
      return { a: rest.a, b: rest.b, similarity: rest.similarity, relation: verdict.relation, kind: verdict.kind, confidence: verdict.confidence, reasons: verdict.reasons, veto: verdict.veto, same_cluster: rest.same_cluster };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/:exchange/:market_id/cluster',
    tags,
    summary: 'The cluster a market belongs to',
    params: MarketClusterPath,
    // Only for venue codes: any other first segment falls through to the routers after this one.
    unparsed: ['params'],
    response: ClusterRecordSchema,
    errors: { 404: 'Unknown exchange or market, or the market is in no cluster' },
    async handle(deps: ClustersRouterDeps, { params: raw }, _req, _res, next) {
      if (!MarketClusterPath.safeParse(raw).success && !MarketClusterPath.shape.exchange.safeParse(raw.exchange).success) return void next();
      const { exchange, market_id } = parseWith(MarketClusterPath, raw, 'path');
      const c = await deps.clusters.byMarket(exchange, market_id);
      if (c) return c;
      if (!(await deps.catalog.getMarket(exchange, market_id))) throw notFound(`unknown ${exchange} market: ${market_id}`);
      throw notFound(`${exchange} market ${market_id} is in no cluster: no equivalent market on another venue has been found`);
    },
  }),
];

export function createClustersRouter(deps: ClustersRouterDeps): Router {
  return mountRoutes(Router(), deps, CLUSTER_ROUTES);
}
