// Accounts: users, sessions, API keys and the plan table the HTTP frame checks every keyed request
// against (the frame's own routes, /auth, /test-key, /key and /admin, come with it: src/http/app.ts).
import { AccountService } from '../accounts/account-repository.js';
import { ApiKeyService } from '../accounts/api-key-repository.js';
import { buildPlanTable } from '../accounts/plans.js';
import { CHANGE_CHANNELS } from '../db/notifications.js';
import type { FeatureModule } from './feature-module.js';

export const accountsFeature: FeatureModule = {
  name: 'accounts',
  async setup({ config, db, clock, notifications }) {
    const accounts = new AccountService(db.pool, clock, config.sessionTtlHours * 3600_000);
    const keys = new ApiKeyService(db.pool, clock);
    // A key revoked on another instance stops working here at once (the cache is dropped).
    const dropKeys = () => keys.forgetCached();
    await notifications.listen(CHANGE_CHANNELS.apiKeys, dropKeys, dropKeys);
    return { provides: { accounts, keys, plans: buildPlanTable(config.planFeatureOverrides) } };
  },
};
