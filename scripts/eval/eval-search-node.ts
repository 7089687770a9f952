// A local OpenSearch node holding the given documents, for the quality evaluations' keyword column
// on Elasticsearch/OpenSearch; null (with the reason printed) when the node cannot run here.
import type { MarketSearchDoc } from '../../src/search/engine.js';
import { searchNodeAvailability, startSearchNode, type SearchNode } from '../lib/local-node.js';
import { createElasticClient } from '../../src/search/elastic/client.js';
import { ElasticSearchEngine } from '../../src/search/elastic/engine.js';

export async function startEvalSearchNode(docs: MarketSearchDoc[], alias: string): Promise<{ node: SearchNode; engine: ElasticSearchEngine } | null> {
  const availability = searchNodeAvailability();
  if (!availability.ok) {
    console.log(`OpenSearch column skipped: ${availability.reason}`);
    return null;
  }
  const node = await startSearchNode({ timeoutMs: 150_000 });
  // a quality run, not a latency test: a loaded machine must not time a search out
  const engine = new ElasticSearchEngine({ client: createElasticClient(node.url), alias, searchTimeoutMs: 30_000 });
  await engine.ensureIndex();
  for (let i = 0; i < docs.length; i += 1000) await engine.upsert(docs.slice(i, i + 1000));
  await engine.refresh();
  return { node, engine };
}
