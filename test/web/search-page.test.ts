// The search page (/) and the API reference (/docs) in a real browser (headless Chromium, see
// browser.ts) against the real service in sim mode: catalog synced from the simulators, search
// index, embeddings and clusters built by the service's own jobs. One service and one browser for
// the whole file. Each page's screenshot goes to test/web/artifacts/ (gitignored); axe-core checks
// the accessibility basics (labels, focus order, contrast: WCAG 2 A and AA rules) on the pages it
// visits; no page may log a console error or throw. The autocomplete's keystroke-to-painted time is
// measured over 50 keystrokes and printed (p50/p95), a measurement, not a timed assertion.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConsoleMessage, Page } from 'playwright-core';
import { ensureWebPageBuilt } from '../../scripts/build-web.js';
import { issueKey, startTestService, type TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';
import { launchBrowser, type TestBrowser } from './browser.js';

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's WCAG 2 A/AA rules on the page as it is now: the violations, named. */
async function axeViolations(page: Page): Promise<string[]> {
  // (evaluated in the page: written as text, the test's own program has no DOM types)
  if (!(await page.evaluate<boolean>("'axe' in window"))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate<unknown[]>("axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then((r) => r.violations)");
  return (violations as AxeViolation[]).map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

describe('search page and API reference in a browser (sim mode)', function () {
  this.timeout(240_000);
  let svc: TestService;
  let browser: TestBrowser;
  let page: Page;
  let maxKey: string;
  /** Console errors and uncaught exceptions of every page, with where they came from. */
  const problems: string[] = [];
  /** Requests the pages made to anything but the service (there must be none: no CDN, no fonts). */
  const external: string[] = [];
  /** Network errors the browser logs for answers the test provokes on purpose (a plan's 403). */
  const expectedStatus = /Failed to load resource: the server responded with a status of 403/;

  const watch = (p: Page) => {
    p.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error' && !expectedStatus.test(m.text())) problems.push(`${p.url()}: console error: ${m.text()} (${m.location().url})`);
    });
    p.on('pageerror', (err) => problems.push(`${p.url()}: uncaught: ${err.message}`));
    p.on('response', (r) => {
      if (r.status() >= 400 && r.status() !== 403) problems.push(`${p.url()}: ${r.status()} from ${r.url()}`);
    });
  };
  const shot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });

  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await ensureWebPageBuilt();
    svc = await startTestService({ env: { EXCHANGE_MODE: 'sim', RUN_JOBS: 'true', WS_POLL_INTERVAL_MS: '500', LOG_LEVEL: 'info' } });
    maxKey = await issueKey(svc, 'max', 10_000);
    browser = await launchBrowser();
    await browser.context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.origin === svc.url || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
      external.push(url.href);
      return route.abort();
    });
    page = await browser.context.newPage();
    watch(page);
    // The catalog and the search index follow the simulators within seconds of the start.
    await waitFor(
      'the search index to hold the catalog',
      async () => {
        const r = await svc.request('/api/v1/search/autocomplete?q=fed', { headers: { 'x-api-key': maxKey } });
        return r.status === 200 && r.body.suggestions.length > 0 ? true : undefined;
      },
      90_000,
    );
  });

  after(async () => {
    await browser?.close();
    await svc?.destroy();
  });

  it('asks for a key once, mints a free test key from the page, and keeps it across reloads', async () => {
    await page.goto(svc.url + '/');
    await page.getByRole('heading', { name: 'Your API key' }).waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await shot('1-key-panel');
    await page.getByRole('button', { name: 'Mint a free test key' }).click();
    await page.locator('#key-plan', { hasText: 'plan free' }).waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('#key-panel').isHidden(), true);
    const stored = await page.evaluate<string | null>("localStorage.getItem('predmarkets.apiKey')");
    assert.ok(stored && stored.length > 20, 'the minted key is kept in local storage');
    await page.reload();
    await page.locator('#key-plan', { hasText: 'plan free' }).waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('#key-panel').isHidden(), true, 'not asked again after a reload');
  });

  it('says which plan semantic search needs when the key is free', async () => {
    const box = page.getByRole('combobox', { name: 'Search markets' });
    await box.fill('interest rates');
    await box.press('Escape'); // the suggestions cover the form below the box
    await page.getByRole('radio', { name: 'Semantic' }).check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const notice = page.locator('.plan-needed');
    await notice.waitFor({ timeout: 10_000 });
    const text = await notice.innerText();
    assert.match(text, /^Semantic search needs the plan (\w+, )*\w+ or \w+; your key's plan is free\./);
    for (const plan of ['max', 'enterprise', 'admin']) assert.match(text, new RegExp(`\\b${plan}\\b`), `names ${plan}`);
    assert.doesNotMatch(text.split(';')[0], /\bfree\b|\bpro\b/, 'names only the plans that have semantic search');
    await shot('2-plan-needed');
    await page.goto(svc.url + '/#/'); // leave the results, so the next key does not rerun this search
  });

  it('suggests as the user types (one per cluster, venue badges), navigates by keyboard and opens the market page', async () => {
    // A key of plan max for the rest of the run (clusters and semantic search).
    await page.getByRole('button', { name: 'Change key' }).click();
    await page.getByRole('textbox', { name: 'API key' }).fill(maxKey);
    await page.getByRole('button', { name: 'Use this key' }).click();
    await page.locator('#key-plan', { hasText: 'plan max' }).waitFor({ timeout: 10_000 });

    const box = page.getByRole('combobox', { name: 'Search markets' });
    await box.fill('');
    await box.pressSequentially('bitc', { delay: 60 });
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await options.first().waitFor({ timeout: 2_000 });
    assert.equal(await box.getAttribute('aria-expanded'), 'true');
    const texts = await options.locator('.suggestion-text').allInnerTexts();
    assert.ok(texts.length > 0 && texts.every((t) => /bitc/i.test(t)), JSON.stringify(texts));
    // One suggestion per market listed: a cluster appears once, with every venue's badge.
    const markets = await options.evaluateAll((els) => els.map((e) => e.getAttribute('data-market')));
    assert.equal(new Set(markets).size, markets.length);
    assert.ok((await options.first().locator('.badge').count()) >= 1);
    assert.deepEqual(await axeViolations(page), []);
    await shot('3-suggestions');

    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    assert.equal(activeId, 'suggestion-1');
    assert.equal(await page.locator('#suggestion-1').getAttribute('aria-selected'), 'true');
    const picked = await page.locator('#suggestion-1').getAttribute('data-market');
    await box.press('Enter');
    await page.waitForURL(/#\/market\//);
    assert.ok(decodeURIComponent(page.url()).endsWith(`#/market/${picked}`), `${page.url()} vs ${picked}`);
    await page.locator('#market-title').waitFor();
    await page.locator('table.book, .panel:has(#book-title) p:not(.loading)').first().waitFor({ timeout: 15_000 });
    await page.locator('table.trades, .panel:has(#trades-title) p:not(.loading)').first().waitFor({ timeout: 15_000 });
    assert.match(await page.locator('#live-price').innerText(), /%|–/);
  });

  it('runs a semantic search with filters', async () => {
    await waitFor(
      'embeddings of the catalog',
      async () => {
        const r = await svc.request('/api/v1/search/semantic', { headers: { 'x-api-key': maxKey }, body: { query: 'will the central bank lower borrowing costs', limit: 5 } });
        return r.status === 200 && r.body.count === 5 ? true : undefined;
      },
      150_000,
    );
    await page.goto(svc.url + '/#/search?q=' + encodeURIComponent('will the central bank lower borrowing costs') + '&mode=semantic&open=1');
    const results = page.locator('ol.results[data-mode="semantic"] li');
    await results.first().waitFor({ timeout: 15_000 });
    const titles = await results.locator('a').allInnerTexts();
    assert.ok(titles.some((t) => /fed|federal reserve|rate/i.test(t)), JSON.stringify(titles));
    assert.equal(await page.getByRole('radio', { name: 'Semantic' }).isChecked(), true);
    assert.equal(await page.getByRole('checkbox', { name: 'Open only' }).isChecked(), true);
    assert.equal(await results.locator('.state.closed').count(), 0, 'open only: no closed market');
    assert.deepEqual(await axeViolations(page), []);
    await shot('4-semantic-results');

    // The venue filter narrows the results to that venue.
    await page.getByRole('combobox', { name: 'Venue' }).selectOption('kalshi');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/venue=kalshi/);
    await page.locator('ol.results li').first().waitFor({ timeout: 15_000 });
    const venues = await page.locator('ol.results li .meta .badge').allInnerTexts();
    assert.ok(venues.length > 0 && venues.every((v) => v === 'Kalshi'), JSON.stringify(venues));
  });

  it("offers the service's category vocabulary in the category box (GET /api/v1/categories), not free text", async () => {
    const listed = (await svc.request('/api/v1/categories', { headers: { 'x-api-key': maxKey } })).body as { categories: { category: string; open_markets: number }[] };
    const box = page.getByRole('combobox', { name: 'Category' });
    assert.equal(await box.evaluate((el) => el.tagName), 'SELECT');
    const values = await box.locator('option').evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value));
    assert.deepEqual(values, ['', ...listed.categories.map((c) => c.category)]);
    const economics = listed.categories.find((c) => c.category === 'economics')!;
    assert.equal((await box.locator('option[value="economics"]').innerText()).trim(), `economics (${economics.open_markets} open)`);

    // choosing one filters the search and survives the route (the box shows what the results are for)
    await page.getByRole('combobox', { name: 'Venue' }).selectOption('');
    await box.selectOption('economics');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/category=economics/);
    await page.locator('ol.results li').first().waitFor({ timeout: 15_000 });
    const shown = await page.locator('ol.results li .meta .category').allInnerTexts();
    assert.ok(shown.length > 0 && shown.every((c) => c === 'economics'), JSON.stringify(shown));
    assert.equal(await box.inputValue(), 'economics');
    assert.deepEqual(await axeViolations(page), []);
    await box.selectOption('');
  });

  it('shows the total and the pages of a keyword search, and walks to the next page by its cursor', async () => {
    const api = (await svc.request('/api/v1/search/markets?q=will&limit=20', { headers: { 'x-api-key': maxKey } })).body as { total: number };
    assert.ok(api.total > 20, `the catalog has more than a page of "will" (${api.total})`);
    const pages = Math.ceil(api.total / 20);
    await page.goto(svc.url + '/#/search?q=will&mode=keyword');
    const title = page.locator('#results-title');
    await title.filter({ hasText: `results 1–20 of ${api.total.toLocaleString('en-US')}` }).waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('#page-of').innerText(), `Page 1 of ${pages}`);
    const firstPage = await page.locator('ol.results li a').allInnerTexts();
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.locator('#page-of', { hasText: `Page 2 of ${pages}` }).waitFor({ timeout: 15_000 });
    assert.match(await title.innerText(), new RegExp(`results 21–\\d+ of ${api.total.toLocaleString('en-US')}`));
    const secondPage = await page.locator('ol.results li a').allInnerTexts();
    assert.ok(secondPage.length > 0 && !secondPage.some((t, i) => t === firstPage[i] && firstPage.length === secondPage.length && secondPage.every((x, j) => x === firstPage[j])), 'another page of results');
    await page.getByRole('link', { name: 'First page' }).click();
    await page.locator('#page-of', { hasText: `Page 1 of ${pages}` }).waitFor({ timeout: 15_000 });
    assert.deepEqual(await axeViolations(page), []);
  });

  it("shows a cluster's equivalent markets with their match reasons", async () => {
    // The matching job clusters the catalog after the sync (and after embeddings): a market of the catalog with a svc_id.
    const clustered = await waitFor(
      'a market in a cluster',
      async () => {
        for (const venue of ['kalshi', 'polymarket']) {
          const r = await svc.request(`/api/v1/${venue}/markets?limit=100`, { headers: { 'x-api-key': maxKey } });
          const found = (r.body.markets as { exchange: string; market_id: string; svc_id: string | null }[] | undefined)?.find((m) => m.svc_id !== null);
          if (found) return found;
        }
        return undefined;
      },
      150_000,
    );
    const cluster = (await svc.request(`/api/v1/${clustered.exchange}/${encodeURIComponent(clustered.market_id)}/cluster`, { headers: { 'x-api-key': maxKey } })).body;
    await page.goto(`${svc.url}/#/market/${clustered.exchange}/${encodeURIComponent(clustered.market_id)}`);
    const members = page.locator('.cluster .member');
    await members.first().waitFor({ timeout: 15_000 });
    assert.equal(await members.count(), cluster.members.length - 1, 'every other member of the cluster');
    const reasons = await page.locator('.cluster .reasons li').allInnerTexts();
    assert.ok(reasons.length > 0, 'match reasons shown');
    assert.ok(reasons.every((r) => cluster.members.some((m: { match: { reasons: string[] } }) => m.match.reasons.includes(r))));
    assert.deepEqual(await axeViolations(page), []);
    await shot('5-market-cluster');
  });

  it('updates the price live from the venue stream when the simulator moves the market', async () => {
    const sim = svc.venues.simulators?.simulators.kalshi;
    assert.ok(sim, 'the kalshi simulator runs in process');
    const list = await svc.request('/api/v1/kalshi/markets?limit=20&status=open', { headers: { 'x-api-key': maxKey } });
    const market = (list.body.markets ?? list.body.data ?? list.body.results)[0] as { market_id: string };
    await page.goto(`${svc.url}/#/market/kalshi/${encodeURIComponent(market.market_id)}`);
    await page.locator('#live-state.on').waitFor({ timeout: 15_000 });
    const price = page.locator('#live-price');
    const before = await price.getAttribute('data-price');
    const shown = await waitFor(
      'a new price on the page',
      async () => {
        sim.activity.stepMarket(market.market_id);
        const now = await price.getAttribute('data-price');
        return now !== before ? now : undefined;
      },
      20_000,
    );
    assert.notEqual(shown, before);
    await shot('6-market-live');
  });

  it('measures first suggestions painted after a keystroke (p95 over 50 keystrokes)', async () => {
    const page2 = await browser.context.newPage();
    watch(page2);
    await page2.goto(svc.url + '/');
    const box = page2.getByRole('combobox', { name: 'Search markets' });
    await box.waitFor();
    // Words of the catalog's titles, typed a letter at a time at a brisk typing pace: each keystroke
    // is a new prefix (neither the page's nor the service's cache has seen it).
    const titles = (await svc.request('/api/v1/search/markets?q=&limit=100&sort=volume', { headers: { 'x-api-key': maxKey } })).body.results.map((r: { title: string }) => r.title);
    const words: string[] = [...new Set<string>(titles.join(' ').toLowerCase().match(/[a-z]{5,}/g) ?? [])];
    let keystrokes = 0;
    for (const word of words) {
      if (keystrokes >= 50) break;
      await box.fill('');
      await page2.waitForTimeout(50);
      for (const ch of word.slice(0, 5)) {
        await box.press(ch === ' ' ? 'Space' : ch);
        keystrokes++;
        await page2.waitForTimeout(120);
      }
    }
    await page2.waitForTimeout(300);
    const timings = await page2.evaluate(() => performance.getEntriesByName('suggestions-painted').map((e) => e.duration));
    await page2.close();
    assert.ok(timings.length >= 30, `suggestions were painted after ${timings.length} of ${keystrokes} keystrokes`);
    const sorted = [...timings].sort((a, b) => a - b);
    const result = { keystrokes, measured: timings.length, p50_ms: +percentile(sorted, 50).toFixed(1), p95_ms: +percentile(sorted, 95).toFixed(1), max_ms: +sorted[sorted.length - 1].toFixed(1), target_p95_ms: 100 };
    writeFileSync(path.join(ARTIFACTS, 'autocomplete-latency.json'), JSON.stringify(result, null, 2) + '\n');
    console.log(`      autocomplete keystroke -> suggestions painted: ${JSON.stringify(result)}`);
  });

  it('serves the API reference at /docs from the local bundle, every operation with an example', async () => {
    const doc = (await svc.request('/openapi.json')).body;
    for (const [p, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        if (op['x-websocket']) continue;
        const ok = Object.entries(op.responses as Record<string, any>).find(([s]) => /^2/.test(s))?.[1];
        const json = ok?.content?.['application/json'];
        if (json) assert.ok(json.example !== undefined, `${method} ${p}: no example of its answer`);
        const body = op.requestBody?.content?.['application/json'];
        // One example, or named ones (a body per venue): each named example carries a value.
        if (body) assert.ok(body.example !== undefined || (Object.keys(body.examples ?? {}).length > 0 && Object.values(body.examples as Record<string, { value?: unknown }>).every((e) => e.value !== undefined)), `${method} ${p}: no example of its body`);
      }
    }
    assert.match(doc.tags.find((t: { name: string }) => t.name === 'Streams').description, /"type":"prices"/);

    const docs = await browser.context.newPage();
    watch(docs);
    await docs.goto(svc.url + '/docs');
    await docs.getByText('Keyword search over every venue').first().waitFor({ timeout: 30_000 });
    await docs.screenshot({ path: path.join(ARTIFACTS, '7-docs.png') });
    await docs.close();
  });

  it('made no request outside the service and logged no console error', () => {
    assert.deepEqual(external, []);
    assert.deepEqual(problems, []);
  });
});
