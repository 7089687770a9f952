/**
 * Settlement conventions read from a market's rules text (Kalshi's rules_primary/rules_secondary,
 * Polymarket's description, Opinion's rules): the terms that make two look-alike questions settle
 * differently although their titles agree. Each term keeps the sentence it was read from, so a veto
 * can quote the rule that caused it.
 *
 * - tie: which side an Up/Down market settles on when the close equals the open ("Up if the open is
 *   lower than or equal to the close": a tie is Up; "lower than": a tie is Down).
 * - decidedBy: a race settled on the race call (AP, Fox and NBC calling it; "declared the winner")
 *   or on the inauguration or swearing-in of the winner. A title that asks "be inaugurated" says it too.
 * - payout: a championship paying pro rata among eligible teams vs paying the winner (known only when
 *   the market has rules).
 * - catchAll: a Yes for "someone other than X" or for no one at all (the complement of the named
 *   options) vs a Yes for a named outcome (known only when the market has rules).
 */
export interface SettlementTerm {
  value: string;
  /** The sentence of the rules (or the title) the term was read from. */
  quote: string;
}

export interface SettlementTerms {
  tie: SettlementTerm | null;
  decidedBy: SettlementTerm | null;
  payout: SettlementTerm | null;
  catchAll: SettlementTerm | null;
}

/** Longest quote kept, in characters: a sentence of the rules, not the rules. */
const QUOTE_MAX = 220;

function quoteOf(sentence: string): string {
  const s = sentence.replace(/\s+/g, ' ').trim();
  return s.length > QUOTE_MAX ? `${s.slice(0, QUOTE_MAX - 1)}…` : s;
}

/** The rules text in sentences: a period, "!" or "?" followed by a capital or a quote, or a line break. */
function sentences(rules: string): string[] {
  return rules
    .split(/\n+|(?<=[.!?])\s+(?=["“A-Z])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const UP_SENTENCE = /resolve to ["“]?up["”]? if/i;
const OR_EQUAL = /\bor equal to\b|\bat least\b|\bno (lower|less) than\b/i;
const YES_SENTENCE = /resolves? to ["“]?yes["”]?|\bthen the market resolves\b/i;
const INAUGURATED = /\b(inaugurated|sworn in)\b/i;
const RACE_CALL = /\bcall(s|ed)? the race\b|\brace (is )?called\b|\bwhenever it is called\b|\bdeclared the winner\b|\bprojected winner\b|\bcalled by\b/i;
const TITLE_INAUGURATED = /\bbe (officially )?(inaugurated|sworn in)\b/i;
const PRO_RATA = /\bpro[- ]rata\b|\bsplit (equally|evenly)\b|\bproportionally among\b/i;
const CHAMPIONSHIP = /\b(champion(ship)?|title|cup|league|tournament|winner)\b/i;
const OTHER_THAN = /\b(someone|anyone|an? [a-z]+|any [a-z]+) other than\b|\bif no (one|new [a-z ]+?) (is|has been) [a-z]+/i;

/** The settlement terms of a market: from its rules where it has them, else what its title says. */
export function settlementTerms(title: string, rules: string | null): SettlementTerms {
  const out: SettlementTerms = { tie: null, decidedBy: null, payout: null, catchAll: null };
  const text = rules?.trim() ?? '';
  const all = text ? sentences(text) : [];
  const up = all.find((s) => UP_SENTENCE.test(s));
  if (up) out.tie = { value: OR_EQUAL.test(up) ? 'up' : 'down', quote: quoteOf(up) };

  const call = all.find((s) => RACE_CALL.test(s));
  const sworn = all.find((s) => INAUGURATED.test(s) && YES_SENTENCE.test(s));
  // A race call decides even when the rules fall back on the inauguration if no call comes.
  if (call) out.decidedBy = { value: 'race_call', quote: quoteOf(call) };
  else if (sworn) out.decidedBy = { value: 'inauguration', quote: quoteOf(sworn) };
  else if (TITLE_INAUGURATED.test(title)) out.decidedBy = { value: 'inauguration', quote: quoteOf(title) };

  if (all.length) {
    const proRata = all.find((s) => PRO_RATA.test(s));
    if (proRata && CHAMPIONSHIP.test(text)) out.payout = { value: 'pro_rata', quote: quoteOf(proRata) };
    else if (CHAMPIONSHIP.test(title)) {
      const yes = all.find((s) => YES_SENTENCE.test(s));
      if (yes) out.payout = { value: 'winner', quote: quoteOf(yes) };
    }
    const yes = all.find((s) => YES_SENTENCE.test(s));
    const other = all.find((s) => OTHER_THAN.test(s) && (YES_SENTENCE.test(s) || /\byes\b/i.test(s)));
    if (other) out.catchAll = { value: 'other_than', quote: quoteOf(other) };
    else if (yes) out.catchAll = { value: 'named', quote: quoteOf(yes) };
  }
  return out;
}

const DESCRIBE: Record<keyof SettlementTerms, Record<string, string>> = {
  tie: { up: 'a tie settles Up', down: 'a tie settles Down' },
  decidedBy: { race_call: 'settled on the race call', inauguration: 'settled on the inauguration' },
  payout: { pro_rata: 'pays pro rata', winner: 'pays the winner' },
  catchAll: { other_than: 'Yes for someone other than the named (or no one)', named: 'Yes for the named outcome' },
};

/**
 * Why two markets settle differently by their rules, quoting the sentence of each, or null when no
 * term both state differs. `a` and `b` name the markets in the reason (e.g. their venues).
 */
export function settlementVeto(a: SettlementTerms, b: SettlementTerms, nameA: string, nameB: string): string | null {
  for (const key of ['tie', 'decidedBy', 'payout', 'catchAll'] as const) {
    const x = a[key];
    const y = b[key];
    if (!x || !y || x.value === y.value) continue;
    return `rules: ${DESCRIBE[key][x.value]} on ${nameA} ("${x.quote}") vs ${DESCRIBE[key][y.value]} on ${nameB} ("${y.quote}")`;
  }
  return null;
}
