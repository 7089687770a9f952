/**
 * The matcher's shared vocabulary: what the pair judge (fingerprints, vetoes, score) hands to the
 * clustering job and to `match:pairs`, so both use one logic. See docs/interface-spec.md §4.5 "Cross-exchange matching"
 * and docs/api-contract.md §3 (cluster record).
 */

/** A market as the matcher sees it: enough to fingerprint and judge; fields a source lacks are null. */
export interface MatchMarket {
  exchange: string;
  /** null for markets that are not in the catalog (match:pairs input). */
  market_id: string | null;
  title: string;
  rules: string | null;
  /** ISO 8601 UTC, or null. */
  close_time: string | null;
  /** Outcome labels, or null when unknown. */
  outcomes: { id?: string | null; label: string }[] | null;
  category: string | null;
  event_id: string | null;
  /** The market's own subtitle (Kalshi's strike line, PredictIt's contract name), or null. */
  subtitle: string | null;
}

/** How two markets relate. Only `identical` links form clusters. */
export type Relation = 'identical' | 'related' | 'different';

/** The kind of a non-identity relation (`related` links); never merged into a cluster. */
export type RelatedKind =
  | 'other_strike' // same subject and metric, another threshold
  | 'other_date' // same question, another date or window
  | 'complementary' // outcomes that together cover one question (e.g. A wins / B wins)
  | 'implies' // one resolving yes implies the other does (e.g. ">= 100k" implies ">= 90k")
  | 'same_event'; // same event, different question (another candidate, stage or metric)

/** The verdict of the pair judge: the one function the job and match:pairs share. */
export interface PairVerdict {
  relation: Relation;
  /** Set when relation is `related`. */
  kind: RelatedKind | null;
  /**
   * 0..1: the probability that `relation` is right, calibrated on the labelled sets (calibration.ts):
   * of the verdicts of this relation and raw confidence, the share that was right.
   */
  confidence: number;
  /** The judge's own score of how clearly the pair passed or failed its checks, before calibration. */
  rawConfidence?: number;
  /** The decisive reasons, short and human-readable (e.g. "same strike 100000 USD", "veto: comparator > vs <"). */
  reasons: string[];
  /** The veto class that decided `different`/`related`, if one did (e.g. "strike", "date", "candidate"). */
  veto: string | null;
}
