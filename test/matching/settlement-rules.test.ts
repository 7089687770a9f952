// Rules-aware vetoes: look-alikes whose titles agree but whose rules settle differently. For each
// shape a pair with the same rules that must stay `identical` and a near-miss whose rules differ,
// which must be `related` with the `rules` veto and a reason quoting the sentence of each market.
// Rules texts are the venues' own wordings (the rules round, test/fixtures/matching/rules-round-labels.jsonl).
import assert from 'node:assert/strict';
import { judgePair } from '../../src/matching/judge.js';
import { settlementTerms } from '../../src/matching/settlement-rules.js';
import type { MatchMarket, PairVerdict } from '../../src/matching/types.js';

function m(exchange: string, title: string, rules: string | null, close_time: string | null = null): MatchMarket {
  return { exchange, market_id: null, title, rules, close_time, outcomes: null, category: null, event_id: null, subtitle: null };
}

const judge = (a: MatchMarket, b: MatchMarket): PairVerdict => judgePair(a, b, { title: 0.97, rules: 0.97 });

function assertRulesVeto(v: PairVerdict, quoteA: string, quoteB: string): void {
  assert.equal(v.relation, 'related', `expected related, got ${v.relation}: ${v.reasons.join('; ')}`);
  assert.equal(v.veto, 'rules', `expected the rules veto, got ${v.veto}: ${v.reasons.join('; ')}`);
  const reason = v.reasons.find((r) => r.startsWith('veto: rules:'));
  assert.ok(reason, `a rules reason is given: ${v.reasons.join('; ')}`);
  assert.ok(reason.includes(quoteA) && reason.includes(quoteB), `the reason quotes both rules: ${reason}`);
}

const upDown = (tie: string) =>
  `This market will resolve to "Up" if the "Close" price for the Binance 1 minute candle for BTC/USDT Jan 8 '26 12:00 in the ET timezone (noon) is ${tie} the final "Close" price for the Jan 9 '26 12:00 ET candle. This market will resolve to "Down" otherwise.`;

describe('matching: rules-aware vetoes', () => {
  it('tie rule: Up/Down markets of one day agree only when a tie settles the same way', () => {
    const opinion = m('opinion', 'Bitcoin Up or Down on January 9?', upDown('lower than or equal to'), '2026-01-10T00:00:00Z');
    const same = judge(opinion, m('polymarket', 'Bitcoin Up or Down on January 9?', upDown('lower than or equal to')));
    assert.equal(same.relation, 'identical', same.reasons.join('; '));
    const other = judge(opinion, m('polymarket', 'Bitcoin Up or Down on January 9?', upDown('lower than')));
    assertRulesVeto(other, 'is lower than or equal to the final', 'is lower than the final');
    assert.ok(other.reasons[0].includes('on opinion') && other.reasons[0].includes('on polymarket'), 'the reason names the market of each rule');
  });

  it('race call vs inauguration: a race settled on the call is not the same race settled on the inauguration', () => {
    const call = 'This market will resolve to "Yes" if Donald J. Trump wins the 2024 US Presidential Election. The resolution source for this market is the Associated Press, Fox News, and NBC. This market will resolve once all three sources call the race for the same candidate.';
    const sworn = 'If Donald Trump is inaugurated as President of the United States pursuant to the 2024 presidential election, then the market resolves to Yes.';
    const polymarket = m('polymarket', 'Will Donald Trump win the 2024 US Presidential Election?', call, '2024-11-05T00:00:00Z');
    const same = judge(polymarket, m('opinion', 'Donald Trump wins the 2024 US Presidential Election?', call, '2024-11-05T00:00:00Z'));
    assert.equal(same.relation, 'identical', same.reasons.join('; '));
    const kalshi = judge(polymarket, m('kalshi', 'Will Donald Trump win the 2024 US Presidential Election?', sworn, '2024-11-05T00:00:00Z'));
    assertRulesVeto(kalshi, 'call the race for the same candidate', 'is inaugurated as President');
  });

  it('pro rata vs winner: a championship paying pro rata among eligible teams is not the plain winner', () => {
    const winner = 'This market will resolve to "Yes" if the Chiefs win the 2026 NFL championship. Otherwise, this market will resolve to "No".';
    const proRata = 'If the Chiefs win the 2026 NFL championship, then the market resolves to Yes. If the season is not completed, the market pays out pro rata among the eligible teams.';
    const a = m('polymarket', 'Will the Chiefs win the 2026 NFL championship?', winner);
    assert.equal(judge(a, m('kalshi', 'Will the Chiefs win the 2026 NFL championship?', winner)).relation, 'identical');
    assertRulesVeto(judge(a, m('kalshi', 'Will the Chiefs win the 2026 NFL championship?', proRata)), 'win the 2026 NFL championship', 'pays out pro rata among the eligible teams');
  });

  it('catch-all: "someone other than X (or no one)" is not a Yes for a named outcome', () => {
    const named = 'This market will resolve to "Yes" if Trump endorses Vance for the 2028 Republican nomination. Otherwise, this market will resolve to "No".';
    const complement = 'This market will resolve to "Yes" if there is no endorsement or Trump endorses someone other than Vance for the 2028 Republican nomination. Otherwise, this market will resolve to "No".';
    const a = m('polymarket', 'Trump endorsement for the 2028 Republican nomination: Vance?', named);
    assert.equal(judge(a, m('opinion', 'Trump endorsement for the 2028 Republican nomination: Vance?', named)).relation, 'identical');
    assertRulesVeto(judge(a, m('opinion', 'Trump endorsement for the 2028 Republican nomination: Vance?', complement)), 'if Trump endorses Vance', 'someone other than Vance');
  });

  it('a market without rules is judged on its title: no rules veto against one that has them', () => {
    const v = judge(m('opinion', 'Bitcoin Up or Down on January 9?', null, '2026-01-10T00:00:00Z'), m('polymarket', 'Bitcoin Up or Down on January 9?', upDown('lower than')));
    assert.equal(v.relation, 'identical', v.reasons.join('; '));
  });

  it('reads the terms from the rules, and an "inaugurated" title without rules', () => {
    assert.equal(settlementTerms('x', upDown('lower than or equal to')).tie?.value, 'up');
    assert.equal(settlementTerms('x', upDown('lower than')).tie?.value, 'down');
    assert.equal(settlementTerms('Will Donald Trump be inaugurated?', null).decidedBy?.value, 'inauguration');
    // The race call decides even when the rules fall back on the inauguration if no call comes.
    const fallback = 'This market will resolve once all three sources call the race for the same candidate. If all three sources haven\'t called the race by the inauguration date this market will resolve based on who is inaugurated.';
    assert.equal(settlementTerms('x', fallback).decidedBy?.value, 'race_call');
  });
});
