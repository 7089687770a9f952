// Cross-venue matching routes (docs/api-contract.md §5): clusters by svc_id (plans with the svc_lookup feature),
// by cluster_id and by member market (any key), and match/explain. Mounted at the root of the keyed
// /api/v1 router, before the per-venue router, so /{exchange}/{market_id}/cluster lands here.
import { Router } from 'express';
import type { CatalogReader } from '../../catalog/catalog-repository.js';
import type { ClusterReader, ClusterRecord } from '../../matching/cluster-repository.js';
import type { ExchangeCode } from '../../venues/exchanges.js';
import { notFound } from '../errors.js';
import type { RequireFeature } from '../middleware/plan.js';
import { parseWith } from '../validate.js';
import { ClusterPath, ExplainQuery, MarketClusterPath, SvcPath } from './clusters-schemas.js';

export interface ClustersRouterDeps {
  clusters: ClusterReader;
  catalog: CatalogReader;
  requireFeature: RequireFeature;
}

export function createClustersRouter(deps: ClustersRouterDeps): Router {
  const router = Router();
  const svcGate = deps.requireFeature('svc_lookup');

  const bySvc = async (svcId: string): Promise<ClusterRecord> => {
    const c = await deps.clusters.bySvcId(svcId);
    if (!c) throw notFound(`unknown svc_id: ${svcId}`);
    return c;
  };

  router.get('/svc/:svc_id/cluster', svcGate, async (req, res) => {
    const { svc_id } = parseWith(SvcPath, req.params, 'path');
    res.json(await bySvc(svc_id));
  });

  router.get('/svc/:svc_id/markets', svcGate, async (req, res) => {
    const { svc_id } = parseWith(SvcPath, req.params, 'path');
    const c = await bySvc(svc_id);
    const markets = [];
    for (const m of await deps.clusters.memberMatches(c.cluster_id)) {
      const market = await deps.catalog.getMarket(m.exchange as ExchangeCode, m.market_id);
      if (market) markets.push({ ...market, match: m.match });
    }
    res.json({ svc_id: c.svc_id, cluster_id: c.cluster_id, merged_into: c.merged_into, markets, count: markets.length });
  });

  router.get('/clusters/:cluster_id', async (req, res) => {
    const { cluster_id } = parseWith(ClusterPath, req.params, 'path');
    const c = await deps.clusters.byClusterId(cluster_id);
    if (!c) throw notFound(`unknown cluster_id: ${cluster_id}`);
    res.json(c);
  });

  router.get('/match/explain', async (req, res) => {
    const q = parseWith(ExplainQuery, req.query, 'query');
    const e = await deps.clusters.explain(q.a, q.b);
    if ('unknown' in e) {
      const m = q[e.unknown];
      throw notFound(`${e.unknown}: unknown market ${m.exchange}:${m.market_id}`);
    }
    const { verdict, ...rest } = e;
    res.json({ a: rest.a, b: rest.b, similarity: rest.similarity, relation: verdict.relation, kind: verdict.kind, confidence: verdict.confidence, reasons: verdict.reasons, veto: verdict.veto, same_cluster: rest.same_cluster });
  });

  // Only for venue codes: any other first segment falls through to the routers after this one.
  router.get('/:exchange/:market_id/cluster', async (req, res, next) => {
    const parsed = MarketClusterPath.safeParse(req.params);
    if (!parsed.success && !MarketClusterPath.shape.exchange.safeParse(req.params.exchange).success) return next();
    const { exchange, market_id } = parseWith(MarketClusterPath, req.params, 'path');
    const c = await deps.clusters.byMarket(exchange, market_id);
    if (c) return void res.json(c);
    if (!(await deps.catalog.getMarket(exchange, market_id))) throw notFound(`unknown ${exchange} market: ${market_id}`);
    throw notFound(`${exchange} market ${market_id} is in no cluster: no equivalent market on another venue has been found`);
  });

  return router;
}
