import assert from 'node:assert/strict';
import { buildPlanTable, planAllows } from '../../src/accounts/plans.js';
import { loadConfig, ConfigError } from '../../src/config.js';

describe('plans: one table, changeable by configuration', () => {
  // The spec's plan rules: docs/interface-spec.md §5, item 6.
  it('follows the spec by default', () => {
    const t = buildPlanTable();
    assert.deepEqual(['free', 'pro', 'max', 'enterprise', 'admin'].filter((p) => planAllows(t, 'semantic_search', p as never)), ['max', 'enterprise', 'admin']);
    assert.deepEqual(['free', 'pro', 'max', 'enterprise', 'admin'].filter((p) => planAllows(t, 'svc_lookup', p as never)), ['pro', 'max', 'admin']);
  });

  it('takes overrides from PLAN_FEATURES and rejects unknown plans or features', () => {
    const t = buildPlanTable(loadConfig({ PLAN_FEATURES: '{"semantic_search":["pro","max"]}' }).planFeatureOverrides);
    assert.equal(planAllows(t, 'semantic_search', 'pro'), true);
    assert.equal(planAllows(t, 'semantic_search', 'admin'), false);
    assert.throws(() => buildPlanTable({ semantic_search: ['gold'] }), /unknown plans: gold/);
    assert.throws(() => buildPlanTable({ teleport: ['pro'] }), /unknown feature/);
    assert.throws(() => loadConfig({ PLAN_FEATURES: '{nope' }), ConfigError);
  });

  it('rejects invalid settings with a message naming them', () => {
    assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT/);
    assert.throws(() => loadConfig({ EXCHANGE_MODE: 'paper' }), /EXCHANGE_MODE/);
    assert.throws(() => loadConfig({ DATABASE_URL: 'not a url' }), /DATABASE_URL/);
    assert.equal(loadConfig({}).port, 8080);
  });
});
