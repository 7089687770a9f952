// Clustering on identity links only: a union-find that never puts two markets of one venue in one
// cluster, nor two markets an operator marked never-pair, nor two markets the pair judge does not call
// identical (a chain A=B, B=C does not make A=C when the judge says A and C are related or different:
// a market without a close time or a year must not bridge two editions of a question). Links are taken
// strongest first (operator force-pairs, then by confidence), so when a merge would break a
// constraint, the weaker link is the one left out. Pure: no database, deterministic for the same input.

/** An identity link between two markets (keys "exchange:market_id"). */
export interface IdentityLink {
  a: string;
  b: string;
  confidence: number;
  /** 'judge' for the pair judge's verdict, 'operator' for a force-pair override. */
  method: 'judge' | 'operator';
  reasons: string[];
}

/** A cluster as clustering found it: its members and the links that joined them (a spanning tree). */
export interface FoundCluster {
  members: string[];
  links: IdentityLink[];
}

const pairKey = (a: string, b: string): string => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

function strongestFirst(x: IdentityLink, y: IdentityLink): number {
  if (x.method !== y.method) return x.method === 'operator' ? -1 : 1;
  if (x.confidence !== y.confidence) return y.confidence - x.confidence;
  const kx = pairKey(x.a, x.b);
  const ky = pairKey(y.a, y.b);
  return kx < ky ? -1 : kx > ky ? 1 : 0;
}

/**
 * Whether two markets may share a cluster: the judge's verdict on the pair is `identical`. Asked only
 * for pairs a merge would put together that no link joins directly.
 */
export type PairAgreement = (a: string, b: string) => boolean;

/**
 * Groups markets into clusters of two or more. `venueOf` gives a market's venue; `neverPairs` holds
 * operator never-pair overrides as [a, b] keys (they also stop transitive merges, not only the direct link);
 * `agrees` (when given) must hold for every two members a judge link would put in one cluster (a
 * cluster an operator force-pair joined is exempt: the operator has the last word on their own links).
 */
export function clusterMarkets(
  links: readonly IdentityLink[],
  venueOf: (key: string) => string,
  neverPairs: readonly [string, string][] = [],
  agrees: PairAgreement | null = null,
): FoundCluster[] {
  const never = new Map<string, Set<string>>();
  for (const [a, b] of neverPairs) {
    if (!never.has(a)) never.set(a, new Set());
    if (!never.has(b)) never.set(b, new Set());
    never.get(a)!.add(b);
    never.get(b)!.add(a);
  }
  const parent = new Map<string, string>();
  const members = new Map<string, string[]>();
  const venues = new Map<string, Set<string>>();
  const tree = new Map<string, IdentityLink[]>();
  /** Roots of clusters an operator force-pair joined. */
  const forced = new Set<string>();
  const find = (k: string): string => {
    let r = k;
    while (parent.get(r) !== r) r = parent.get(r)!;
    let c = k;
    while (c !== r) {
      const next = parent.get(c)!;
      parent.set(c, r);
      c = next;
    }
    return r;
  };
  const ensure = (k: string): void => {
    if (parent.has(k)) return;
    parent.set(k, k);
    members.set(k, [k]);
    venues.set(k, new Set([venueOf(k)]));
    tree.set(k, []);
  };

  for (const link of [...links].sort(strongestFirst)) {
    if (link.a === link.b) continue;
    ensure(link.a);
    ensure(link.b);
    let ra = find(link.a);
    let rb = find(link.b);
    if (ra === rb) continue;
    const va = venues.get(ra)!;
    const vb = venues.get(rb)!;
    if ([...vb].some((v) => va.has(v))) continue; // one market per venue per cluster
    const ma = members.get(ra)!;
    const mb = members.get(rb)!;
    const [small, other] = ma.length <= mb.length ? [ma, new Set(mb)] : [mb, new Set(ma)];
    if (small.some((m) => [...(never.get(m) ?? [])].some((n) => other.has(n)))) continue;
    // An operator force-pair merges what it names, and a cluster an operator joined is theirs: the
    // judge's agreement is asked only of clusters the judge alone built.
    const operatorMade = link.method === 'operator' || forced.has(ra) || forced.has(rb);
    if (agrees && !operatorMade && !everyPairAgrees(ma, mb, link, agrees)) continue;
    if (ma.length < mb.length) [ra, rb] = [rb, ra];
    if (operatorMade) forced.add(ra);
    forced.delete(rb);
    parent.set(rb, ra);
    members.get(ra)!.push(...members.get(rb)!);
    for (const v of venues.get(rb)!) venues.get(ra)!.add(v);
    tree.get(ra)!.push(...tree.get(rb)!, link);
    members.delete(rb);
    venues.delete(rb);
    tree.delete(rb);
  }
  const out: FoundCluster[] = [];
  for (const [root, m] of members) if (m.length >= 2) out.push({ members: [...m].sort(), links: tree.get(root)! });
  out.sort((x, y) => (x.members[0] < y.members[0] ? -1 : 1));
  return out;
}

/** Every member of one side with every member of the other, except the pair the link itself joins. */
function everyPairAgrees(ma: readonly string[], mb: readonly string[], link: IdentityLink, agrees: PairAgreement): boolean {
  for (const x of ma) {
    for (const y of mb) {
      if ((x === link.a && y === link.b) || (x === link.b && y === link.a)) continue;
      if (!agrees(x, y)) return false;
    }
  }
  return true;
}
