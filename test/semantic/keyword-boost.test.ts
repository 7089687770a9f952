// The keyword boost of semantic search (src/search/semantic/keyword-boost.ts): TitleWords, which
// keeps each title's words so that a title is tokenised once, gives the plain definition's numbers
// (below: a set of the title's words at every call) to the last bit for every query and title of the fixture corpus (accents, punctuation and non-Latin
// scripts included), matches whole words only, and stays within its bound.
import assert from 'node:assert/strict';
import { loadFixtureCorpus, loadFixtureQueries } from '../../scripts/eval/catalog-fixture.js';
import { wordTokens } from '../../src/search/query-text.js';
import { MAX_KEYWORD_BOOST, queryKeywords, TitleWords } from '../../src/search/semantic/keyword-boost.js';

/** The boost as docs/api-contract.md §5 defines it: MAX_KEYWORD_BOOST times the share of the keywords found as words of the title. */
function keywordBoost(keywords: string[], title: string): number {
  if (keywords.length === 0) return 0;
  const titleWords = new Set(wordTokens(title));
  const found = keywords.filter((k) => titleWords.has(k)).length;
  return (MAX_KEYWORD_BOOST * found) / keywords.length;
}

describe('semantic keyword boost: TitleWords', () => {
  const titles = [
    ...loadFixtureCorpus().map((m) => m.title),
    'Élection présidentielle française 2027 : Marine Le Pen gagnera-t-elle ?',
    '2028年美国总统大选 谁会赢',
    'Will BTC hit $100k (again) before 2026?',
    '',
  ];
  const queries = [...loadFixtureQueries().map((q) => q.query), 'election 2027 le pen', '美国总统大选', 'btc 100k', 'the will of', ''];

  it('gives the defined boost for every query and title, from the cache as on first sight', () => {
    const cached = new TitleWords();
    let boosted = 0;
    for (const pass of [1, 2]) {
      for (const q of queries) {
        const keywords = queryKeywords(q);
        const boost = cached.booster(keywords);
        for (const t of titles) {
          const expected = keywordBoost(keywords, t);
          assert.equal(boost(t), expected, `pass ${pass}, query ${JSON.stringify(q)}, title ${JSON.stringify(t)}`);
          if (expected > 0) boosted++;
        }
      }
    }
    assert.ok(boosted > 100, `the queries boost some titles (${boosted})`);
  });

  it('matches whole words, not parts of words', () => {
    const boost = new TitleWords().booster(queryKeywords('ohio 2028'));
    assert.equal(boost('Ohio governor 2028'), MAX_KEYWORD_BOOST);
    assert.equal(boost('Ohioans vote in 20281'), 0);
    assert.equal(boost('Who wins Ohio?'), MAX_KEYWORD_BOOST / 2);
  });

  it('keeps at most its bound of titles, dropping the oldest first', () => {
    const cached = new TitleWords(3);
    const boost = cached.booster(['ohio']);
    for (const t of ['a ohio', 'b', 'c', 'd', 'a ohio']) boost(t);
    assert.equal(cached.size, 3);
    assert.equal(boost('a ohio'), MAX_KEYWORD_BOOST);
  });
});
