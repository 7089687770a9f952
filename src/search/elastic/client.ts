// The official Elasticsearch 8 client, made to speak to Elasticsearch 7/8 and OpenSearch alike.
//
// Out of the box the 8.x client (a) sends `application/vnd.elasticsearch+json; compatible-with=8`
// media types, which 7.x-API servers (OpenSearch included) answer with 406, and (b) refuses any
// server whose responses lack the `x-elastic-product: Elasticsearch` header. The client hard-codes
// both into the Transport it constructs, so the fix is a Transport subclass that overrides them:
// no product check, and `accept` / `content-type` = application/json (bulk bodies keep
// application/x-ndjson). Elasticsearch 8 accepts plain JSON too, so one setting serves all three.
import { Client, Transport, type TransportOptions } from '@elastic/elasticsearch';

const PLAIN_JSON = 'application/json';

export class CompatTransport extends Transport {
  constructor(opts: TransportOptions) {
    super({
      ...opts,
      // `null` disables the check; the option's type says string, the implementation accepts null.
      productCheck: null as unknown as string,
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
  maxRetries?: number;
}

export function createElasticClient(url: string, options: ElasticClientOptions = {}): Client {
  return new Client({
    node: url,
    Transport: CompatTransport,
    requestTimeout: options.requestTimeoutMs ?? 120_000,
    maxRetries: options.maxRetries ?? 1,
    // one node: never sniff, the URL is the truth
    sniffOnStart: false,
    enableMetaHeader: false,
  });
}
