// The typed client as its users get it: built and packed (`npm run build -w client && npm pack -w
// client`), installed from the tarball offline into a directory outside the repository, and compiled
// there with `strict`, with and without `skipLibCheck` (tsc skips nothing it cannot resolve: a
// declaration the tarball lacks turns every type into `any` only silently). A mistyped path must not
// compile. Then the README's example, compiled the same way, runs against a service in sim mode.
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { startTestService, mintTestKey, type TestService } from '../helpers/service.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const KALSHI_PEM = fs.readFileSync(path.join(root, 'test/trading/fixtures/kalshi-test-private.pem'), 'utf8');
const KALSHI_PUBLIC = fs.readFileSync(path.join(root, 'test/trading/fixtures/kalshi-test-public.pem'), 'utf8');
const KALSHI_KEY_ID = 'b1d2c3e4-0000-4000-8000-00000000c11e';

function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): { status: number | null; out: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 180_000 });
  return { status: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

/** Tarballs of a package's dependencies (and theirs), packed from the repository's node_modules into `dest`. */
function dependencyTarballs(packageJson: string, dest: string, seen = new Set<string>()): string[] {
  const deps = Object.keys((JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {});
  const out: string[] = [];
  for (const name of deps) {
    if (seen.has(name)) continue;
    seen.add(name);
    const from = path.join(root, 'node_modules', name);
    const packed = run('npm', ['pack', from, '--ignore-scripts', '--pack-destination', dest, '--json'], dest);
    assert.equal(packed.status, 0, packed.out);
    out.push(path.join(dest, (JSON.parse(packed.out.slice(packed.out.indexOf('['))) as { filename: string }[])[0].filename), ...dependencyTarballs(path.join(from, 'package.json'), dest, seen));
  }
  return out;
}

/** The README's TypeScript example (its first ```ts block). */
function readmeExample(): string {
  const readme = fs.readFileSync(path.join(root, 'client/README.md'), 'utf8');
  const block = /```ts\n([\s\S]*?)```/.exec(readme);
  assert.ok(block, 'the client README has a ```ts example');
  return block[1];
}

describe('typed client package, outside the repository', function () {
  this.timeout(300_000);
  let dir: string;

  const compile = (files: string[], skipLibCheck: boolean) => {
    const tsconfig = {
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023', 'DOM'], strict: true, skipLibCheck, types: [], outDir: 'out', rootDir: '.' },
      files,
    };
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    return run(process.execPath, [tsc, '-p', 'tsconfig.json'], dir);
  };

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-package-'));
    const built = run('npm', ['run', 'build', '-w', 'client'], root);
    assert.equal(built.status, 0, built.out);
    const packed = run('npm', ['pack', '-w', 'client', '--pack-destination', dir, '--json'], root);
    assert.equal(packed.status, 0, packed.out);
    const tarball = (JSON.parse(packed.out.slice(packed.out.indexOf('['))) as { filename: string }[])[0].filename;
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'client-user', version: '1.0.0', private: true, type: 'module' }));
    // Offline: the client's dependencies come packed from the copies this repository installed.
    const deps = dependencyTarballs(path.join(root, 'client/package.json'), dir);
    const installed = run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', path.join(dir, path.basename(tarball)), ...deps], dir);
    assert.equal(installed.status, 0, `installing the tarball offline: ${installed.out}`);
    // The README's example reads its address and key from the environment.
    fs.writeFileSync(path.join(dir, 'env.d.ts'), 'declare const process: { env: Record<string, string | undefined> };\n');
  });

  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('ships its types: the tarball holds the declarations dist/index.d.ts imports', () => {
    const pkg = path.join(dir, 'node_modules/@predmarkets/client');
    const index = fs.readFileSync(path.join(pkg, 'dist/index.d.ts'), 'utf8');
    for (const [, spec] of index.matchAll(/from '(\.\/[^']+)\.js'/g)) assert.ok(fs.existsSync(path.join(pkg, 'dist', `${spec}.d.ts`)), `dist/index.d.ts imports ${spec}.js: its declarations must be in the package`);
  });

  it('compiles a program using it with strict, with and without skipLibCheck; a mistyped path does not compile', () => {
    fs.writeFileSync(
      path.join(dir, 'use.ts'),
      [
        "import { createPredmarketsClient, type Schema } from '@predmarkets/client';",
        "const api = createPredmarketsClient({ baseUrl: 'http://localhost:8080' });",
        'export async function titles(): Promise<string[]> {',
        "  const res = await api.GET('/api/v1/search/markets', { params: { query: { q: 'fed' } } });",
        '  return (res.data?.results ?? []).map((r) => r.title);',
        '}',
        "export const exchangeOf = (m: Schema<'VenueMarket'>): string => m.exchange;",
        '',
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(dir, 'mistyped.ts'),
      ["import { createPredmarketsClient } from '@predmarkets/client';", "const api = createPredmarketsClient({ baseUrl: 'http://localhost:8080' });", "export const r = api.GET('/api/v1/search/marketz', {});", ''].join('\n'),
    );
    for (const skipLibCheck of [true, false]) {
      const good = compile(['use.ts'], skipLibCheck);
      assert.equal(good.status, 0, `skipLibCheck ${skipLibCheck}: ${good.out}`);
      const bad = compile(['mistyped.ts'], skipLibCheck);
      assert.notEqual(bad.status, 0, `skipLibCheck ${skipLibCheck}: a mistyped path compiled (the types are any)`);
      assert.match(bad.out, /marketz/);
    }
  });

  describe("the README's example against a service in sim mode", () => {
    let svc: TestService;
    after(async () => svc?.destroy());

    it('runs: search, market, order book, cluster, a Kalshi order placed on the simulator', async () => {
      // Compiled first (strict, as above), while nothing else runs.
      fs.writeFileSync(path.join(dir, 'example.ts'), `${readmeExample()}\nexport {};\n`);
      const compiled = compile(['example.ts', 'env.d.ts'], true);
      assert.equal(compiled.status, 0, compiled.out);
      svc = await startTestService({ env: { EXCHANGE_MODE: 'sim', RUN_JOBS: 'true', SYNC_ON_START: 'false', SYNC_SCHEDULE: '0 0 1 1 *', TEST_KEY_RATE_PER_MINUTE: '100000' } });
      const kalshiSim = svc.venues.simulators!.simulators.kalshi!;
      const listed = (await (await fetch(`${kalshiSim.baseUrls.rest}/markets?status=open&limit=5`)).json()) as { markets: { ticker: string }[] };
      const ticker = listed.markets[0].ticker;
      await seedCatalogMarkets(svc.db.pool, [{ exchange: 'kalshi', market_id: ticker, title: 'Will the Fed cut rates in December?', category: 'economics' }]);
      const key = await mintTestKey(svc);
      // The user's Kalshi key: uploaded to the venue, stored with the service (as the README says, first).
      assert.equal((await fetch(`${kalshiSim.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key_id: KALSHI_KEY_ID, public_key: KALSHI_PUBLIC }) })).status, 201);
      const stored = await svc.request('/api/v1/users/_/credentials', { method: 'POST', body: { exchange: 'kalshi', key_id: KALSHI_KEY_ID, private_key: KALSHI_PEM }, headers: { 'x-api-key': key } });
      assert.equal(stored.status, 201, stored.text);
      // The search index follows the catalog (the indexer job runs in this service; on a loaded
      // machine its first pass can take more than half a minute). The example needs the market found.
      let indexed = false;
      for (const until = Date.now() + 120_000; !indexed && Date.now() < until; ) {
        const r = await svc.request('/api/v1/search/markets?q=fed%20rate%20cut&exchange=kalshi&status=open', { headers: { 'x-api-key': key } });
        indexed = r.status === 200 && (r.body.count as number) > 0;
        if (!indexed) await new Promise((resolve) => setTimeout(resolve, 300));
      }
      assert.ok(indexed, 'the seeded Kalshi market never reached the search index in 120 s');

      const posts = kalshiSim.server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/orders')).length;
      // Asynchronously: the service answering the example runs in this process.
      const ran = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [path.join(dir, 'out/example.js')], { cwd: dir, env: { ...process.env, PREDMARKETS_URL: svc.url, PREDMARKETS_KEY: key }, timeout: 60_000 }, (err, stdout, stderr) =>
          resolve({ status: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr }),
        );
      });
      assert.equal(ran.status, 0, `${ran.stdout}${ran.stderr}`);
      assert.match(ran.stdout, /Will the Fed cut rates in December\?/);
      assert.match(ran.stdout, /^ord_[0-9a-f]{24} (open|filled|partially_filled)$/m, ran.stdout);
      assert.equal(kalshiSim.server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/orders')).length, posts + 1, 'the order reached the simulator');
      const orders = await svc.request('/api/v1/orders?exchange=kalshi', { headers: { 'x-api-key': key } });
      assert.equal((orders.body.orders as { market_id: string }[])[0].market_id, ticker);
    });
  });
});
