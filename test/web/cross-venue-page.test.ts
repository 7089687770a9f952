// The page's cross-venue views in a real browser (headless Chromium, see browser.ts) against the real
// service: the Opportunities list (GET /api/v1/clusters with its filters) and the compare view of a
// cluster (members side by side, the price chart from /svc/{svc_id}/prices, the gap before and after
// fees, live over /ws/svc while the page is open: a book moving on the Kalshi simulator reaches the
// open view without a reload; polling only when the socket cannot open, which the view says).
// Clusters and prices are written as the service's writers leave them (test/helpers/cross-venue.ts);
// the members have recorded prices, so no venue is asked for them.
// Screenshots go to test/web/artifacts/ (gitignored); axe-core checks WCAG 2 A/AA on each view.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, WebSocketRoute } from 'playwright-core';
import type { RunningSimulator } from '../../src/sim/types.js';
import { simulatorFor } from '../../src/venues/simulators.js';
import { ensureWebPageBuilt } from '../../scripts/build-web.js';
import type { SeedMarket } from '../../scripts/lib/catalog-seed.js';
import { recordCandle, recordTop, seedCluster } from '../helpers/cross-venue.js';
import { issueKey, startTestService, type TestService } from '../helpers/service.js';
import { launchBrowser, type TestBrowser } from './browser.js';

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const MIN = 60_000;
const HOUR = 3_600_000;

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate<boolean>("'axe' in window"))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate<unknown[]>("axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then((r) => r.violations)");
  return (violations as { id: string; help: string; nodes: { target: string[] }[] }[]).map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

describe('cross-venue views of the page in a browser', function () {
  this.timeout(180_000);
  let svc: TestService;
  let kalshi: RunningSimulator;
  let streamed = '';
  let browser: TestBrowser;
  let page: Page;
  let proKey: string;
  const problems: string[] = [];
  const shot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
  const market = (exchange: string, id: string, title: string, bid: number, ask: number, o: Partial<SeedMarket> = {}): SeedMarket =>
    ({ exchange, market_id: id, title, yes_bid: bid, yes_ask: ask, last_price: ask, volume: 1200, category: 'politics', url: `https://example.invalid/${exchange}/${id}`, updated_at: new Date(Date.now() - MIN).toISOString(), ...o });

  before(async function () {
    // a page build, a service with a simulator and a browser: minutes on a loaded machine
    this.timeout(400_000);
    mkdirSync(ARTIFACTS, { recursive: true });
    await ensureWebPageBuilt();
    kalshi = await (await simulatorFor('kalshi'))({ tickMs: 0, seed: 21 });
    streamed = kalshi.activity.marketIds.find((id) => kalshi.activity.state(id)?.active)!;
    svc = await startTestService({ env: { KALSHI_REST_URL: kalshi.baseUrls.rest, KALSHI_WS_URL: kalshi.baseUrls.ws, WS_POLL_INTERVAL_MS: '500' } });
    proKey = await issueKey(svc, 'pro', 10_000);
    const pool = svc.db.pool;
    // gap 1 - 0.40 - (1 - 0.58) = 0.18; after fees: kalshi 0.0168 at 0.40, predictit 0.1 x 0.58 = 0.058 -> 0.1052
    await seedCluster(pool, 'svc_aaaaaaaaaaaa', 'Will the Senate pass the budget bill?', 0.95, 'politics', [market('kalshi', 'KX-A', 'Senate passes budget bill', 0.38, 0.4), market('predictit', '9001', 'Budget bill passes the Senate?', 0.58, 0.6)]);
    // gap 1 - 0.50 - 0.49 = 0.01
    await seedCluster(pool, 'svc_bbbbbbbbbbbb', 'Will Bitcoin reach $150k in 2026?', 0.9, 'crypto', [market('kalshi', 'KX-B', 'Bitcoin above 150k', 0.48, 0.5, { category: 'crypto' }), market('polymarket', '0xb', 'Bitcoin $150k in 2026', 0.51, 0.53, { category: 'crypto' })]);
    // gap -0.02
    await seedCluster(pool, 'svc_cccccccccccc', 'Will the Fed cut rates in December?', 0.8, 'economics', [market('kalshi', 'KX-C', 'Fed cuts in December', 0.3, 0.32, { category: 'economics' }), market('polymarket', '0xc', 'Fed rate cut December', 0.29, 0.31, { category: 'economics' })]);
    const end = Math.floor(Date.now() / HOUR) * HOUR;
    for (let i = 0; i < 24; i++) {
      await recordCandle(pool, 'kalshi', 'KX-A', end - (24 - i) * HOUR, 0.35 + i * 0.002);
      await recordCandle(pool, 'predictit', '9001', end - (24 - i) * HOUR, 0.55 + i * 0.001);
    }
    browser = await launchBrowser();
    await browser.context.route('**/*', (route) => (new URL(route.request().url()).origin === svc.url ? route.continue() : route.abort()));
    page = await browser.context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' && !/status of 403/.test(m.text())) problems.push(`console error: ${m.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
    await page.goto(svc.url + '/');
    await page.evaluate(`localStorage.setItem('predmarkets.apiKey', ${JSON.stringify(proKey)})`);
    await page.reload();
    await page.locator('#key-plan', { hasText: 'plan pro' }).waitFor({ timeout: 10_000 });
  });
  after(async () => {
    await browser?.close();
    await svc?.destroy();
    await kalshi?.stop();
  });

  const top = (id: string): { bid: number; ask: number } => {
    const book = kalshi.activity.book(id)!;
    return { bid: Math.max(...book.bids.map((x) => x.price)), ask: Math.min(...book.asks.map((x) => x.price)) };
  };
  const pct = (p: number) => `${(p * 100).toFixed(1)}%`;

  it('lists the opportunities by gap, with each side\'s best venue and the gap after fees', async () => {
    await page.goto(svc.url + '/#/opportunities');
    await page.getByRole('link', { name: 'Opportunities' }).waitFor();
    const rows = page.locator('table.opportunities tbody tr');
    await rows.first().waitFor({ timeout: 10_000 });
    assert.deepEqual(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-svc'))), ['svc_aaaaaaaaaaaa', 'svc_bbbbbbbbbbbb', 'svc_cccccccccccc']);
    const first = await rows.first().locator('td').allInnerTexts();
    assert.equal(first[0], 'Will the Senate pass the budget bill?');
    assert.match(first[2], /40\.0%\s*Kalshi/);
    assert.match(first[3], /42\.0%\s*PredictIt/);
    assert.equal(first[4], '+18.0¢');
    assert.equal(first[5], '+10.5¢');
    assert.deepEqual(await axeViolations(page), []);
    await shot('cross-venue-1-opportunities');
  });

  it('filters the list with its form (category, minimum gap) and keeps the filters in the address', async () => {
    const filters = page.getByRole('form', { name: 'Opportunity filters' });
    await filters.getByLabel('Min gap (¢)').fill('1');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/min_gap=0\.01/);
    const rows = page.locator('table.opportunities tbody tr');
    await page.locator('p[role=status]', { hasText: '2 of 2 clusters' }).waitFor({ timeout: 10_000 });
    assert.deepEqual(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-svc'))), ['svc_aaaaaaaaaaaa', 'svc_bbbbbbbbbbbb']);
    await filters.getByLabel('Category').selectOption('crypto');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator('p[role=status]', { hasText: '1 of 1 clusters' }).waitFor({ timeout: 10_000 });
    assert.equal(await rows.first().getAttribute('data-svc'), 'svc_bbbbbbbbbbbb');
    await shot('cross-venue-2-filtered');
  });

  it('opens the compare view: members side by side with links to their venues, the chart of every venue\'s line, the gap before and after fees; it follows quote changes', async () => {
    await page.goto(svc.url + '/#/opportunities');
    await page.getByRole('link', { name: 'Will the Senate pass the budget bill?' }).click();
    await page.getByRole('heading', { name: 'Will the Senate pass the budget bill?' }).waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('#gap').innerText(), '+18.0¢');
    assert.equal(await page.locator('#gap-after-fees').innerText(), '+10.5¢');
    const members = page.locator('table.members-table tbody tr');
    assert.deepEqual(await members.evaluateAll((els) => els.map((e) => e.getAttribute('data-venue'))), ['kalshi', 'predictit']);
    const kalshi = await members.first().locator('td').allInnerTexts();
    assert.deepEqual(kalshi.slice(2, 6), ['38.0%', '40.0%', '40.0%', '1,200']);
    // seeded a minute old (more on a loaded machine); fresh, so not marked stale
    assert.match(kalshi[6], /^(\d+ s|\d+ min)$/);
    assert.equal(await members.first().getByRole('link').getAttribute('href'), 'https://example.invalid/kalshi/KX-A');
    const lines = page.locator('svg.chart polyline');
    await lines.first().waitFor({ timeout: 10_000 });
    assert.deepEqual(await lines.evaluateAll((els) => els.map((e) => e.getAttribute('data-venue'))), ['kalshi', 'predictit']);
    assert.match((await page.locator('svg.chart').getAttribute('aria-label')) ?? '', /Kalshi, PredictIt/);
    assert.deepEqual(await axeViolations(page), []);
    await shot('cross-venue-3-compare');
    await page.locator('#feed-state[data-state=live]').waitFor({ timeout: 10_000 });
    // the recorder sees a new PredictIt book: /ws/svc reads it with the held quotes (every 0.5 s here)
    // and the view shows it; gap 1 - 0.40 - (1 - 0.61) = 0.21
    await recordTop(svc.db.pool, 'predictit', '9001', 0.61, 0.63);
    await page.locator('#gap', { hasText: '+21.0¢' }).waitFor({ timeout: 12_000 });
    await shot('cross-venue-4-compare-updated');
  });

  it('shows a book moving on the venue (the Kalshi simulator) in the open compare view, live over /ws/svc, without a reload', async () => {
    // (seeded now, so the lists of the tests above do not hold it) a member on the Kalshi simulator,
    // whose stream /ws/svc follows, and a held PredictIt quote
    await seedCluster(svc.db.pool, 'svc_dddddddddddd', 'Will the simulated question resolve YES?', 0.85, 'politics', [market('kalshi', streamed, 'Simulated question', 0.2, 0.8), market('predictit', '9004', 'Simulated question?', 0.3, 0.35)]);
    // PredictIt's chart line from recorded candles (no venue call); Kalshi's history is the simulator's
    const end = Math.floor(Date.now() / HOUR) * HOUR;
    for (let i = 0; i < 24; i++) await recordCandle(svc.db.pool, 'predictit', '9004', end - (24 - i) * HOUR, 0.32 + i * 0.001);
    await page.goto(`${svc.url}/#/cluster/svc_dddddddddddd`);
    await page.getByRole('heading', { name: 'Will the simulated question resolve YES?' }).waitFor({ timeout: 10_000 });
    await page.locator('#feed-state[data-state=live]').waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('#feed-state').innerText(), 'live');
    // a mark on the page's window: a reload or a navigation would drop it
    await page.evaluate('window.__sameDocument = true');
    const row = page.locator(`table.members-table tbody tr[data-venue=kalshi]`);
    // the simulator's book (streamed), not the catalog's 0.20/0.80
    const first = top(streamed);
    await row.locator('td.bid', { hasText: pct(first.bid) }).waitFor({ timeout: 15_000 });
    await row.locator('td.ask', { hasText: pct(first.ask) }).waitFor({ timeout: 15_000 });
    // the book moves on the venue until its top differs
    let moved = first;
    for (let i = 0; i < 50 && moved.bid === first.bid && moved.ask === first.ask; i++) {
      kalshi.activity.stepMarket(streamed);
      moved = top(streamed);
    }
    assert.notDeepEqual(moved, first, 'the simulator moved the top of the book');
    await row.locator('td.bid', { hasText: pct(moved.bid) }).waitFor({ timeout: 15_000 });
    await row.locator('td.ask', { hasText: pct(moved.ask) }).waitFor({ timeout: 15_000 });
    // the best follows: YES ask min(kalshi ask, predictit 0.35); NO ask min(1 - kalshi bid, 1 - 0.30)
    const yes = Math.min(moved.ask, 0.35);
    const no = Math.min(1 - moved.bid, 0.7);
    const gap = Math.round((1 - yes - no) * 1000) / 10;
    await page.locator('#gap', { hasText: `${gap > 0 ? '+' : ''}${gap.toFixed(1)}¢` }).waitFor({ timeout: 10_000 });
    assert.equal(await page.evaluate('window.__sameDocument === true'), true, 'no reload');
    assert.deepEqual(await axeViolations(page), []);
    await shot('cross-venue-5-compare-live');
  });

  it('reconnects a dropped stream after a backoff and takes the fresh snapshot', async () => {
    const rc = await browser.context.newPage();
    // each /ws/svc socket of the page goes to the service through this route, so the test can drop one
    const sockets: WebSocketRoute[] = [];
    await rc.routeWebSocket(/\/ws\/svc/, (ws) => {
      ws.connectToServer();
      sockets.push(ws);
    });
    await rc.goto(`${svc.url}/#/cluster/svc_bbbbbbbbbbbb`);
    // the first connection is not what this test times (a loaded CI machine took over 10 s once)
    await rc.locator('#feed-state[data-state=live]').waitFor({ timeout: 30_000 });
    assert.equal(await rc.locator('#gap').innerText(), '+1.0¢');
    await sockets[0].close({ code: 1001 });
    await rc.locator('#feed-state[data-state=reconnecting]').waitFor({ timeout: 5_000 });
    assert.equal(await rc.locator('#feed-state').innerText(), 'live stream lost: reconnecting in 1 s');
    // Polymarket's book moves meanwhile: YES 0.50 on kalshi, NO 1 - 0.55 = 0.45: gap 0.05
    await recordTop(svc.db.pool, 'polymarket', '0xb', 0.55, 0.57);
    await rc.locator('#feed-state[data-state=live]').waitFor({ timeout: 10_000 });
    await rc.locator('#gap', { hasText: '+5.0¢' }).waitFor({ timeout: 10_000 });
    assert.equal(sockets.length, 2, 'one new socket');
    await rc.screenshot({ path: path.join(ARTIFACTS, 'cross-venue-6-compare-reconnected.png'), fullPage: true });
    await rc.close();
  });

  it('polls the listing, and says so, when the socket cannot open', async () => {
    const polled = await browser.context.newPage();
    // as behind a proxy that passes no WebSocket: every socket fails before it opens
    await polled.addInitScript(`window.WebSocket = class extends EventTarget {
      constructor() { super(); this.readyState = 0; setTimeout(() => { this.readyState = 3; this.dispatchEvent(new Event('error')); this.dispatchEvent(new CloseEvent('close', { code: 1006 })); }, 50); }
      send() { throw new Error('not open'); }
      close() {}
    };`);
    await polled.goto(`${svc.url}/#/cluster/svc_aaaaaaaaaaaa`);
    await polled.locator('#feed-state[data-state=polling]').waitFor({ timeout: 10_000 });
    assert.equal(await polled.locator('#feed-state').innerText(), 'live stream unavailable: updated every 5 s');
    // gap 1 - 0.40 - (1 - 0.64) = 0.24, within a poll
    await recordTop(svc.db.pool, 'predictit', '9001', 0.64, 0.66);
    await polled.locator('#gap', { hasText: '+24.0¢' }).waitFor({ timeout: 12_000 });
    await polled.screenshot({ path: path.join(ARTIFACTS, 'cross-venue-7-compare-polling.png'), fullPage: true });
    await polled.close();
  });

  it('says which plan the list needs when the key lacks it', async () => {
    await page.evaluate(`localStorage.setItem('predmarkets.apiKey', ${JSON.stringify(await issueKey(svc, 'free', 1000))})`);
    await page.goto(svc.url + '/#/opportunities');
    await page.reload();
    const notice = page.locator('.plan-needed');
    await notice.waitFor({ timeout: 10_000 });
    assert.match(await notice.innerText(), /The opportunities list needs the plan .*pro.*; your key's plan is free/);
    assert.deepEqual(problems, []);
  });
});
