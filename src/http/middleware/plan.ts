// Plan gates: a route that needs a feature answers 403 to keys whose plan lacks it.
import type { RequestHandler } from 'express';
import { planAllows, type Feature, type PlanTable } from '../../accounts/plans.js';
import { forbidden, unauthorized } from '../errors.js';

export type RequireFeature = (feature: Feature) => RequestHandler;

export function planGate(table: PlanTable): RequireFeature {
  return (feature) => (req, _res, next) => {
    if (!req.auth) throw unauthorized('missing API key: send it in the X-API-Key header');
    if (!planAllows(table, feature, req.auth.plan)) {
      const plans = [...table[feature]].join(', ');
      throw forbidden(`your plan (${req.auth.plan}) has no access to this operation; it needs one of: ${plans}`);
    }
    next();
  };
}
