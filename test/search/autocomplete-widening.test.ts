// Autocomplete widens as keyword search does (src/search/widening.ts): a prefix with an extra or
// misspelt word still suggests the market whose title has most of its content words; strict
// suggestions come first; one suggestion per cluster across the tiers; nothing only when no title
// has any content word. On both engines, over the contract corpus.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { SearchEngine, SearchIndexWriter } from '../../src/search/engine.js';
import { createElasticClient } from '../../src/search/elastic/client.js';
import { ElasticSearchEngine } from '../../src/search/elastic/engine.js';
import { PostgresSearchEngine } from '../../src/search/postgres/search-repository.js';
import { CORPUS } from './support/corpus.js';
import { openTempDatabase } from './support/database.js';
import { searchNodeUrl } from './support/search-node.js';

interface Opened { engine: SearchEngine; writer: SearchIndexWriter; cleanup(): Promise<void> }

function autocompleteWidening(name: string, open: (ctx: Mocha.Context) => Promise<Opened>): void {
  describe(`autocomplete widening: ${name}`, function () {
    let e: Opened | undefined;
    const suggest = async (q: string, limit = 8) => (await e!.engine.autocomplete({ q, limit })).map((s) => s.svc_id ?? s.market_id);

    before(async function () {
      e = await open(this);
      await e.writer.ensureIndex();
      assert.equal((await e.writer.upsert(CORPUS)).failed.length, 0);
      await e.writer.refresh();
    });
    after(async () => {
      await e?.cleanup();
    });

    it('an extra word: most of the content words are enough', async () => {
      assert.equal((await suggest('Justin Fields next team'))[0], 'fields-traded');
      assert.equal((await suggest('next Rambo movie casting'))[0], 'rambo-movie');
    });

    it('a misspelt word next to an extra one', async () => {
      assert.equal((await suggest('Justin Feilds next team'))[0], 'fields-traded');
    });

    it('strict suggestions first, then most of the words, then any one', async () => {
      // all three words; two of three (far more popular); "pardon" only
      assert.deepEqual(await suggest('Ghislaine Maxwell pardon'), ['maxwell-pardon', 'maxwell-release', 'sbf-pardon']);
      assert.deepEqual(await suggest('Ghislaine Maxwell pardon', 1), ['maxwell-pardon']);
    });

    it('never empty while a content word is in some title; empty when none is', async () => {
      assert.deepEqual(await suggest('Sylvester Stallone Rambo reboot'), ['rambo-movie']);
      assert.deepEqual(await suggest('Is it going to be like that?'), []);
    });

    it('one suggestion per cluster in the widened tier', async () => {
      const s = await suggest('quokka xylophone', 2);
      assert.deepEqual([...s].sort(), ['quokka-sanctuary', 'svc_bbbbbbbbbbbb']);
    });

    it('a strict match ranks above a far more popular widened one', async () => {
      // "fields-traded" (volume 200) has every word, the last as a prefix; the Bears market
      // (volume 90,000) has two of three
      assert.deepEqual(await suggest('justin fields trad'), ['fields-traded', 'fields-bears']);
    });
  });
}

autocompleteWidening('PostgreSQL engine (embedded PGlite)', async (ctx) => {
  ctx.timeout(120_000);
  const temp = await openTempDatabase();
  const engine = new PostgresSearchEngine({ pool: temp.db.pool });
  return { engine, writer: engine, cleanup: () => temp.close() };
});

autocompleteWidening('Elasticsearch engine (OpenSearch node)', async (ctx) => {
  const url = await searchNodeUrl(ctx);
  const alias = `test-${randomBytes(4).toString('hex')}-markets`;
  const engine = new ElasticSearchEngine({ client: createElasticClient(url), alias });
  return {
    engine,
    writer: engine,
    async cleanup() {
      for (const n of await engine.listIndices()) await engine.dropIndex(n);
      await engine.close();
    },
  };
});
