// The official Elasticsearch 8 client, made to speak to Elasticsearch 7/8 and OpenSearch alike.
//
// Out of the box the 8.x client (a) sends `application/vnd.elasticsearch+json; compatible-with=8`
// media types, which 7.x-API servers (OpenSearch included) answer with 406, and (b) refuses any
// server whose responses lack the `x-elastic-product: Elasticsearch` header. The client hard-codes
// both into the Transport it constructs, so the fix is a Transport subclass that overrides them:
// no product check, and `accept` / `content-type` = application/json (bulk bodies keep
// application/x-ndjson). Elasticsearch 8 accepts plain JSON too, so one setting serves all three.
// The subclass also sets `retryOnTimeout`, which the client's own options do not expose.
import { Client, Transport, type TransportOptions } from '@elastic/elasticsearch';

const PLAIN_JSON = 'application/json';

export class CompatTransport extends Transport {
  constructor(opts: TransportOptions) {
    super({
      ...opts,
      // `null` disables the check; the option's type says string, the implementation accepts null.
      productCheck: null as unknown as string,
      // several nodes: a timed-out request is tried on the next node (createElasticClient says why)
      retryOnTimeout: opts.connectionPool.size > 1,
      vendoredHeaders: {
        jsonContentType: PLAIN_JSON,
        ndjsonContentType: 'application/x-ndjson',
        accept: PLAIN_JSON,
      },
    });
  }
}

export interface ElasticClientOptions {
  /** the longest any request may take (bulk writes, refreshes). The engine gives searches a much
   * shorter per-request timeout; with the default undici connection a per-request timeout can
   * only be shorter than this one, never longer. */
  requestTimeoutMs?: number;
  /** default: one per node (at least 1), so that a request tries every node once before failing */
  maxRetries?: number;
}

/** `http://a:9200,http://b:9200` (ELASTICSEARCH_URL may list every node) or a list, as node URLs. */
export function elasticNodeUrls(urls: string | string[]): string[] {
  const list = (Array.isArray(urls) ? urls : urls.split(',')).map((u) => u.trim()).filter(Boolean);
  if (list.length === 0) throw new Error('no search node URL given');
  return list;
}

/**
 * A client of every listed node. Requests are spread over the nodes (the client's weighted pool); a
 * node that refuses the connection, drops it or answers 502/503/504 loses weight and the request is
 * retried on the next node at once (a search or an external-versioned bulk write is safe to repeat).
 * With several nodes a timeout is retried on the next node too: a node that hangs (a long GC pause,
 * a network partition) accepts connections but never answers, and would otherwise fail every request
 * sent to it until the cluster drops it. The list is the truth: no sniffing (a cluster's published
 * addresses are often not the ones reachable from here).
 */
export function createElasticClient(urls: string | string[], options: ElasticClientOptions = {}): Client {
  const nodes = elasticNodeUrls(urls);
  return new Client({
    nodes,
    Transport: CompatTransport,
    requestTimeout: options.requestTimeoutMs ?? 120_000,
    maxRetries: options.maxRetries ?? Math.max(1, nodes.length),
    sniffOnStart: false,
    enableMetaHeader: false,
  });
}
