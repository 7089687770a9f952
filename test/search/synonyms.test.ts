// Domain synonyms (mappings/synonyms.txt): the groups are found on a query's folded words, longest
// name first, and expand the query for each engine.
import assert from 'node:assert/strict';
import { domainSynonyms, expandedWordings, querySlots, Synonyms } from '../../src/search/synonyms.js';
import { queryKeywordGroups, TitleWords } from '../../src/search/semantic/keyword-boost.js';

describe('domain synonyms', () => {
  const s = Synonyms.parse('# comment\nfed, federal reserve, fomc\nfed chair, federal reserve chair\nbtc, bitcoin\nlonely\n');

  it('finds names on folded words, the longest first, without overlaps', () => {
    assert.deepEqual(s.find(['will', 'the', 'federal', 'reserve', 'chair', 'cut']), [
      { start: 2, length: 3, names: [['federal', 'reserve', 'chair'], ['fed', 'chair']] },
    ]);
    assert.deepEqual(s.find(['btc', 'and', 'fed']).map((f) => f.names[0]), [['btc'], ['fed']]);
    assert.deepEqual(s.find(['lonely']), [], 'a line of one name is no group');
  });

  it('expands the text an embedding model reads and the wordings a keyword engine is asked', () => {
    assert.equal(s.expandText('FOMC in March'), 'FOMC in March (federal reserve)');
    assert.equal(s.expandText('the Federal Reserve in March'), 'the Federal Reserve in March', 'the spelled-out name needs none');
    assert.equal(s.expandText('BTC or Fed'), 'BTC or Fed (bitcoin, federal reserve)');
    assert.equal(s.expandText('nothing here'), 'nothing here');
    assert.deepEqual(expandedWordings(['btc', 'above', '100k'], s), ['bitcoin above 100k']);
    assert.deepEqual(querySlots(['btc', 'above'], s), [{ names: [['btc'], ['bitcoin']] }, { term: 'above' }]);
  });

  it('lets the title keyword boost count a synonym as the keyword', () => {
    const groups = queryKeywordGroups('BTC above 100k?', s);
    assert.deepEqual(groups, [['btc', 'bitcoin'], ['above'], ['100k']]);
    const boost = new TitleWords().booster(groups);
    assert.ok(Math.abs(boost('Will Bitcoin be above 100k?') - 0.2) < 1e-12);
  });

  it('reads the project file: the abbreviations the issue names are there', () => {
    const d = domainSynonyms();
    for (const [typed, other] of [['fomc', 'federal reserve'], ['btc', 'bitcoin'], ['gop', 'republican'], ['potus', 'president of the united states'], ['spx', 's p 500']]) {
      const found = d.find(typed.split(' '));
      assert.ok(found[0]?.names.some((n) => n.join(' ') === other), `${typed} -> ${other}`);
    }
  });
});
