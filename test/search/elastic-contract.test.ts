// The search contract against a real OpenSearch node (started once per test run).
import { randomBytes } from 'node:crypto';
import { createElasticClient } from '../../src/search/elastic/client.js';
import { ElasticSearchEngine } from '../../src/search/elastic/engine.js';
import { searchContract } from './support/contract.js';
import { searchNodeUrl } from './support/search-node.js';

searchContract('Elasticsearch engine (OpenSearch 2.19 node)', async (ctx) => {
  const url = await searchNodeUrl(ctx);
  const client = createElasticClient(url);
  const alias = `test-${randomBytes(4).toString('hex')}-markets`;
  const engine = new ElasticSearchEngine({ client, alias });
  return {
    engine,
    writer: engine,
    async cleanup() {
      for (const name of await engine.listIndices()) await engine.dropIndex(name);
      await engine.close();
    },
  };
});
