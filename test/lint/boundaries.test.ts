// The import-boundary rule of eslint.config.js, run by the real ESLint on code placed (virtually) in
// the layers: imports up the stack are errors, down the stack are fine, and the folders that do not
// exist yet (recorder, trading, ws) are covered already; and the environment is read only by the config.
import assert from 'node:assert/strict';
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BOUNDARY = 'import-x/no-restricted-paths';

describe('lint: import boundaries', function () {
  this.timeout(60_000);
  const eslint = new ESLint({ cwd: ROOT });

  async function boundaryErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    return result.messages.filter((m) => m.ruleId === BOUNDARY).map((m) => m.message);
  }

  const cases: { file: string; imports: string; allowed: boolean }[] = [
    { file: 'src/venues/kalshi/new-module.ts', imports: '../../catalog/catalog-repository.js', allowed: false },
    { file: 'src/venues/kalshi/new-module.ts', imports: '../../db/database.js', allowed: true },
    { file: 'src/catalog/new-module.ts', imports: '../venues/exchanges.js', allowed: true },
    { file: 'src/catalog/new-module.ts', imports: '../search/engine.js', allowed: false },
    { file: 'src/recorder/books.ts', imports: '../venues/exchanges.js', allowed: true },
    { file: 'src/recorder/books.ts', imports: '../search/engine.js', allowed: false },
    { file: 'src/trading/orders.ts', imports: '../http/errors.js', allowed: false },
    { file: 'src/search/new-module.ts', imports: '../catalog/catalog-repository.js', allowed: true },
    { file: 'src/matching/candidates.ts', imports: '../http/errors.js', allowed: false },
    { file: 'src/ws/gateway.ts', imports: '../search/engine.js', allowed: true },
    { file: 'src/ws/gateway.ts', imports: '../service.js', allowed: false },
    { file: 'src/http/new-route.ts', imports: '../catalog/catalog-repository.js', allowed: true },
    { file: 'src/db/new-module.ts', imports: '../venues/exchanges.js', allowed: false },
    { file: 'src/util/new-module.ts', imports: '../db/database.js', allowed: true },
    { file: 'src/catalog/new-module.ts', imports: '../sim/index.js', allowed: false },
    { file: 'src/venues/kalshi/sim/simulator.ts', imports: '../../../sim/index.js', allowed: true },
    { file: 'src/venues/kalshi/client.ts', imports: '../../sim/index.js', allowed: false },
    { file: 'src/search/new-module.ts', imports: '../../scripts/eval/catalog-fixture.js', allowed: false },
    { file: 'src/http/new-route.ts', imports: '../../test/helpers/database.js', allowed: false },
    { file: 'src/indexers/new-job.ts', imports: '../http/errors.js', allowed: false },
    { file: 'src/service.ts', imports: './indexers/search-job.js', allowed: true },
    { file: 'src/features/new-feature.ts', imports: '../http/routes/search.js', allowed: true },
    { file: 'src/http/new-route.ts', imports: '../features/index.js', allowed: false },
    { file: 'scripts/new-script.ts', imports: '../src/sim/index.js', allowed: true },
    { file: 'mcp/new-tool.ts', imports: '../client/src/index.js', allowed: true },
    { file: 'mcp/new-tool.ts', imports: '../src/venues/exchanges.js', allowed: false },
    { file: 'mcp/new-tool.ts', imports: '../scripts/lib/cli-args.js', allowed: false },
    { file: 'src/http/new-route.ts', imports: '../../mcp/tools.js', allowed: false },
    { file: 'scripts/new-script.ts', imports: '../mcp/server.js', allowed: true },
  ];
  it('process.env is read only by src/config.ts and the entry points', async () => {
    const envRule = async (file: string) => {
      const [result] = await eslint.lintText('export const level = process.env.LOG_LEVEL;\n', { filePath: path.join(ROOT, file) });
      return result.messages.filter((m) => m.ruleId === 'no-restricted-properties').length;
    };
    assert.equal(await envRule('src/http/new-route.ts'), 1);
    assert.equal(await envRule('src/indexers/new-job.ts'), 1);
    assert.equal(await envRule('src/config.ts'), 0);
    assert.equal(await envRule('scripts/new-script.ts'), 0);
    assert.equal(await envRule('mcp/tools.ts'), 1);
    assert.equal(await envRule('mcp/config.ts'), 0);
  });

  it('an OpenAPI operation is registered only by src/http/define-route.ts (routes declare it with defineRoute)', async () => {
    const registers = async (file: string) => {
      const code = "declare const openapi: { registerPath(route: object): void };\nopenapi.registerPath({ method: 'get', path: '/x', responses: {} });\n";
      const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
      return result.messages.filter((m) => m.ruleId === 'no-restricted-properties').length;
    };
    // pages, the document itself, /health, /metrics and the stream paths included: none registers by hand
    for (const file of ['src/http/routes/new-route.ts', 'src/http/routes/web.ts', 'src/http/openapi.ts', 'src/http/routes/health.ts', 'src/metrics/metrics-route.ts', 'src/ws/api-doc.ts', 'src/config.ts']) {
      assert.equal(await registers(file), 1, file);
    }
    assert.equal(await registers('src/http/define-route.ts'), 0);
  });

  for (const c of cases) {
    it(`${c.file} importing ${c.imports}: ${c.allowed ? 'allowed' : 'an error'}`, async () => {
      const errors = await boundaryErrors(c.file, `import * as m from '${c.imports}';\nexport const used = m;\n`);
      if (c.allowed) assert.deepEqual(errors, []);
      else assert.equal(errors.length, 1, `expected one boundary error, got ${JSON.stringify(errors)}`);
    });
  }
});
