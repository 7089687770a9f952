// The members of many clusters at once, by svc_id, for what follows clusters live (/ws/svc, src/ws/svc):
// one read for all the clusters followed, where ClusterReader answers one cluster with its whole
// record. A svc_id that merged away answers with its survivor's svc_id (following chains of merges),
// one that is neither current nor merged (dissolved, or never existed) is absent from the answer.
import type pg from 'pg';

export interface MemberKey {
  exchange: string;
  market_id: string;
}

export type Membership = { svc_id: string; members: MemberKey[] } | { svc_id: string; merged_into: string };

/** Survivors are followed this many merges deep at most (a chain is a few hops in practice). */
const MAX_MERGE_HOPS = 16;

export class ClusterMembershipRepository {
  constructor(private readonly pool: pg.Pool) {}

  /** What each svc_id asked for is now: its members (in venue order), or the svc_id it merged into. */
  async membership(svcIds: readonly string[]): Promise<Map<string, Membership>> {
    const out = new Map<string, Membership>();
    if (svcIds.length === 0) return out;
    const ids = [...new Set(svcIds)];
    const current = await this.pool.query<{ svc_id: string; exchange: string; market_id: string }>(
      `SELECT c.svc_id, m.exchange, m.market_id FROM match_clusters c JOIN match_cluster_members m ON m.cluster_id = c.cluster_id
       WHERE c.svc_id = ANY($1::text[]) ORDER BY c.svc_id, m.exchange, m.market_id`,
      [ids],
    );
    for (const r of current.rows) {
      let entry = out.get(r.svc_id) as { svc_id: string; members: MemberKey[] } | undefined;
      if (!entry) out.set(r.svc_id, (entry = { svc_id: r.svc_id, members: [] }));
      entry.members.push({ exchange: r.exchange, market_id: r.market_id });
    }
    const rest = ids.filter((id) => !out.has(id));
    if (rest.length === 0) return out;
    // A merged-away id names its survivor's cluster_id; the survivor may itself have merged since.
    const merged = await this.pool.query<{ svc_id: string; merged_into: string }>(
      `WITH RECURSIVE chain (svc_id, target, hops) AS (
         SELECT svc_id, merged_into, 0 FROM match_merged_ids WHERE svc_id = ANY($1::text[])
         UNION ALL
         SELECT chain.svc_id, mm.merged_into, chain.hops + 1 FROM chain JOIN match_merged_ids mm ON mm.cluster_id = chain.target
         WHERE chain.hops < $2 AND NOT EXISTS (SELECT 1 FROM match_clusters c WHERE c.cluster_id = chain.target)
       )
       SELECT chain.svc_id, c.svc_id AS merged_into FROM chain JOIN match_clusters c ON c.cluster_id = chain.target`,
      [rest, MAX_MERGE_HOPS],
    );
    for (const r of merged.rows) if (r.merged_into !== r.svc_id) out.set(r.svc_id, { svc_id: r.svc_id, merged_into: r.merged_into });
    return out;
  }
}
