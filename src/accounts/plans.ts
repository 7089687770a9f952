// Plans and what each may use: one table, replaceable per feature by configuration (PLAN_FEATURES).
export const PLANS = ['free', 'pro', 'max', 'enterprise', 'admin'] as const;
export type Plan = (typeof PLANS)[number];

export const FEATURES = ['semantic_search', 'svc_lookup', 'admin'] as const;
export type Feature = (typeof FEATURES)[number];

/** The spec's plan rules (docs/interface-spec.md §5, item 6); features not listed here are open to every key. */
export const DEFAULT_PLAN_FEATURES: Record<Feature, readonly Plan[]> = {
  semantic_search: ['max', 'admin', 'enterprise'],
  svc_lookup: ['pro', 'max', 'admin'],
  admin: ['admin'],
};

export type PlanTable = Record<Feature, ReadonlySet<Plan>>;

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

/** The effective table: defaults, with whole features replaced by the configured overrides. */
export function buildPlanTable(overrides: Record<string, string[]> = {}): PlanTable {
  const table = {} as Record<Feature, ReadonlySet<Plan>>;
  for (const feature of FEATURES) table[feature] = new Set(DEFAULT_PLAN_FEATURES[feature]);
  for (const [feature, plans] of Object.entries(overrides)) {
    if (!(FEATURES as readonly string[]).includes(feature)) throw new Error(`PLAN_FEATURES names an unknown feature: ${feature}`);
    const bad = plans.filter((p) => !isPlan(p));
    if (bad.length) throw new Error(`PLAN_FEATURES.${feature} names unknown plans: ${bad.join(', ')}`);
    table[feature as Feature] = new Set(plans as Plan[]);
  }
  return table;
}

export function planAllows(table: PlanTable, feature: Feature, plan: Plan): boolean {
  return table[feature].has(plan);
}
