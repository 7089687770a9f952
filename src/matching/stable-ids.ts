// Which found cluster keeps which existing identity (docs/api-contract.md §3): when clusters merge, the oldest
// id survives; when one splits, the part with the most of its members keeps it; an id whose members
// all went elsewhere merged away (it keeps answering with the survivor); an id none of whose members
// is clustered any more is dissolved. Pure: the caller loads and stores.
import { newClusterId, newSvcId } from './ids.js';

export interface ExistingCluster {
  cluster_id: string;
  svc_id: string;
  /** epoch ms; the older cluster wins a merge */
  created_at: number;
  members: string[];
}

export interface IdentityPlan {
  /** For each found cluster (same order as given), the identity it carries. */
  identities: { cluster_id: string; svc_id: string; isNew: boolean }[];
  /** Existing clusters whose members went to a cluster that kept another id. */
  merged: { cluster_id: string; svc_id: string; into_cluster_id: string }[];
  /** Existing clusters none of whose members is clustered any more. */
  dissolved: string[];
}

export function assignIdentities(found: readonly { members: readonly string[] }[], existing: readonly ExistingCluster[], makeIds = { svc: newSvcId, cluster: newClusterId }): IdentityPlan {
  const foundOf = new Map<string, number>();
  found.forEach((c, i) => c.members.forEach((m) => foundOf.set(m, i)));
  const identities: (IdentityPlan['identities'][number] | undefined)[] = found.map(() => undefined);
  const merged: IdentityPlan['merged'] = [];
  const dissolved: string[] = [];
  const oldestFirst = [...existing].sort((x, y) => x.created_at - y.created_at || (x.cluster_id < y.cluster_id ? -1 : 1));
  const pending: { old: ExistingCluster; best: number }[] = [];
  for (const old of oldestFirst) {
    const overlap = new Map<number, number>();
    for (const m of old.members) {
      const i = foundOf.get(m);
      if (i !== undefined) overlap.set(i, (overlap.get(i) ?? 0) + 1);
    }
    if (overlap.size === 0) {
      dissolved.push(old.cluster_id);
      continue;
    }
    // The largest part of this cluster; ties go to the larger found cluster, then the first member.
    let best = -1;
    for (const [i, n] of overlap) {
      if (best < 0) best = i;
      const bn = overlap.get(best)!;
      if (n > bn || (n === bn && (found[i].members.length > found[best].members.length || (found[i].members.length === found[best].members.length && found[i].members[0] < found[best].members[0])))) best = i;
    }
    if (!identities[best]) identities[best] = { cluster_id: old.cluster_id, svc_id: old.svc_id, isNew: false };
    else pending.push({ old, best });
  }
  // Merged-away ids point at the survivor that took their largest part.
  for (const { old, best } of pending) merged.push({ cluster_id: old.cluster_id, svc_id: old.svc_id, into_cluster_id: identities[best]!.cluster_id });
  return {
    identities: identities.map((id) => id ?? { cluster_id: makeIds.cluster(), svc_id: makeIds.svc(), isNew: true }),
    merged,
    dissolved,
  };
}
