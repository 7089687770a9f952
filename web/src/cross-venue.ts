// The cross-venue views: "Opportunities" (GET /api/v1/clusters: clusters by the gap between venues,
// with the listing's filters) and the compare view of one cluster (its members side by side, one
// chart of every venue's price line from /svc/{svc_id}/prices, the gap before and after fees).
// The compare view is live: web/src/cluster-feed.ts keeps its cluster current over /ws/svc.
import { api, enc, type ClusterItem, type ClusterList, type ClusterPrices } from './api.js';
import { followCluster, POLL_MS, type FeedState } from './cluster-feed.js';
import { h, num, pct, venueBadge, VENUE_NAMES, VENUES, when } from './dom.js';
import { problem } from './views.js';

const CATEGORIES = ['politics', 'crypto', 'sports', 'economics', 'finance', 'tech', 'science', 'climate', 'world', 'culture', 'other'];
const SORTS: [string, string][] = [['gap', 'Largest gap'], ['volume', 'Volume'], ['venues', 'Most venues'], ['confidence', 'Match confidence'], ['updated', 'Freshest quote']];
/** How often the compare view's quote ages are redrawn between updates (ms). */
const AGE_TICK_MS = 5_000;

export const clusterHref = (svcId: string) => `#/cluster/${enc(svcId)}`;

export interface OpportunityParams {
  q: string;
  category: string;
  venue: string;
  minGap: string;
  sort: string;
  activeOnly: boolean;
}

export function opportunityParams(qs: URLSearchParams): OpportunityParams {
  return { q: qs.get('q') ?? '', category: qs.get('category') ?? '', venue: qs.get('venue') ?? '', minGap: qs.get('min_gap') ?? '', sort: qs.get('sort') ?? 'gap', activeOnly: qs.get('active') === '1' };
}

/** A gap in cents per contract, signed ("+1.8¢", "-0.5¢"), or a dash. */
function cents(x: number | null | undefined): string {
  if (x === null || x === undefined) return '–';
  const c = Math.round(x * 1000) / 10;
  return `${c > 0 ? '+' : ''}${c.toFixed(1)}¢`;
}

function age(asOf: string | null): string {
  if (asOf === null) return '–';
  const seconds = Math.max(0, Math.round((Date.now() - Date.parse(asOf)) / 1000));
  if (seconds < 90) return `${seconds} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

const leg = (l: ClusterItem['best']['yes_ask']) => (l ? h('span', {}, pct(l.price), ' ', venueBadge(l.exchange)) : '–');
const gapCell = (x: number | null) => h('td', { class: x !== null && x > 0 ? 'gap positive' : 'gap' }, cents(x));

// ---- Opportunities ----

export async function renderOpportunities(view: HTMLElement, p: OpportunityParams): Promise<void> {
  const select = (id: string, label: string, options: [string, string][], value: string) => [
    h('label', { for: id }, label),
    h('select', { id, name: id }, ...options.map(([v, text]) => h('option', { value: v, selected: v === value }, text))),
  ];
  const form = h(
    'form',
    { class: 'filters opportunities-filters', 'aria-label': 'Opportunity filters' },
    h('label', { for: 'o-q' }, 'Words'),
    h('input', { id: 'o-q', name: 'q', type: 'text', value: p.q, size: 16 }),
    ...select('o-category', 'Category', [['', 'Any'], ...CATEGORIES.map((c): [string, string] => [c, c])], p.category),
    ...select('o-venue', 'Venue', [['', 'Any'], ...VENUES.map((v): [string, string] => [v.code, v.name])], p.venue),
    h('label', { for: 'o-min-gap' }, 'Min gap (¢)'),
    h('input', { id: 'o-min-gap', name: 'min_gap', type: 'number', step: '0.1', value: p.minGap === '' ? '' : String(Number(p.minGap) * 100), size: 5 }),
    ...select('o-sort', 'Sort', SORTS, p.sort),
    h('label', { class: 'check' }, h('input', { id: 'o-active', name: 'active', type: 'checkbox', checked: p.activeOnly }), ' Open markets only'),
    h('button', { type: 'submit' }, 'Apply'),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const value = (id: string) => (form.querySelector(`#${id}`) as HTMLInputElement | HTMLSelectElement).value.trim();
    const qs = new URLSearchParams();
    if (value('o-q')) qs.set('q', value('o-q'));
    if (value('o-category')) qs.set('category', value('o-category'));
    if (value('o-venue')) qs.set('venue', value('o-venue'));
    if (value('o-min-gap') !== '') qs.set('min_gap', String(Number(value('o-min-gap')) / 100));
    qs.set('sort', value('o-sort'));
    if ((form.querySelector('#o-active') as HTMLInputElement).checked) qs.set('active', '1');
    location.hash = `#/opportunities?${qs}`;
  });
  const body = h('tbody', {});
  const status = h('p', { class: 'small', role: 'status' }, 'Loading…');
  const more = h('button', { type: 'button', hidden: true }, 'More');
  view.replaceChildren(
    h('h2', { id: 'opportunities-title' }, 'Opportunities'),
    h('p', { class: 'small' }, 'Clusters of equivalent markets by the gap between venues: 1 - best YES ask - best NO ask. Above 0, buying YES on one venue and NO on another costs less than the $1 one of them pays. Stale quotes never count.'),
    form,
    h('table', { 'aria-labelledby': 'opportunities-title', class: 'opportunities' },
      h('thead', {}, h('tr', {}, ...['Question', 'Venues', 'Best YES ask', 'Best NO ask', 'Gap', 'After fees', 'Quoted'].map((t) => h('th', { scope: 'col' }, t)))),
      body),
    status,
    more,
  );
  const qs = new URLSearchParams({ limit: '25', sort: p.sort || 'gap' });
  if (p.q) qs.set('q', p.q);
  if (p.category) qs.set('category', p.category);
  if (p.venue) qs.set('exchange', p.venue);
  if (p.minGap !== '') qs.set('min_gap', p.minGap);
  if (p.activeOnly) qs.set('active_only', 'true');
  let shown = 0;
  const load = async (cursor: string | null) => {
    if (cursor) qs.set('cursor', cursor);
    let page: ClusterList;
    try {
      page = await api<ClusterList>(`/api/v1/clusters?${qs}`);
    } catch (err) {
      status.replaceWith(problem(err, 'The opportunities list'));
      more.hidden = true;
      return;
    }
    for (const c of page.items) {
      body.append(h('tr', { 'data-svc': c.svc_id },
        h('td', {}, h('a', { href: clusterHref(c.svc_id) }, c.title)),
        h('td', {}, h('span', { class: 'badges' }, ...c.exchanges.map(venueBadge))),
        h('td', {}, leg(c.best.yes_ask)),
        h('td', {}, leg(c.best.no_ask)),
        gapCell(c.gap),
        gapCell(c.gap_after_fees),
        h('td', {}, c.quoted_at ? when(c.quoted_at) : '–'),
      ));
    }
    shown += page.count;
    status.textContent = shown === 0 ? 'No cluster matches these filters.' : `${shown} of ${page.total} clusters`;
    more.hidden = !page.next_cursor;
    more.onclick = () => void load(page.next_cursor);
  };
  await load(null);
}

// ---- the compare view ----

let following: (() => void) | null = null;

/** Stops the compare view's updates (the page calls it when it leaves the view). */
export function leaveCluster(): void {
  following?.();
  following = null;
}

const COLORS = ['#0b57d0', '#b3261e', '#0a6b2e', '#8a4b00', '#6a1b9a', '#00695c', '#ad1457', '#37474f', '#5d4037'];

function priceChart(prices: ClusterPrices): HTMLElement {
  const W = 720;
  const H = 240;
  const pad = 32;
  const values = prices.series.flatMap((s) => s.prices.filter((p): p is number => p !== null));
  const lo = values.length ? Math.max(0, Math.min(...values) - 0.02) : 0;
  const hi = values.length ? Math.min(1, Math.max(...values) + 0.02) : 1;
  const n = Math.max(1, prices.timestamps.length - 1);
  const x = (i: number) => pad + (i / n) * (W - 2 * pad);
  const y = (p: number) => H - pad - ((p - lo) / Math.max(1e-9, hi - lo)) * (H - 2 * pad);
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('class', 'chart');
  const drawn = prices.series.filter((s) => s.prices.some((p) => p !== null));
  svg.setAttribute('aria-label', `YES price by venue, ${prices.interval} steps from ${when(prices.timestamps[0])} to ${when(prices.timestamps[prices.timestamps.length - 1])}: ${drawn.map((s) => VENUE_NAMES[s.exchange] ?? s.exchange).join(', ') || 'no prices'}`);
  for (const [p, label] of [[lo, pct(lo)], [hi, pct(hi)]] as const) {
    const t = document.createElementNS(ns, 'text');
    t.setAttribute('x', '2');
    t.setAttribute('y', String(y(p) + 4));
    t.setAttribute('class', 'axis');
    t.textContent = label;
    svg.append(t);
  }
  prices.series.forEach((s, k) => {
    const points = s.prices.map((p, i) => (p === null ? null : `${x(i).toFixed(1)},${y(p).toFixed(1)}`)).filter(Boolean);
    if (points.length === 0) return;
    const line = document.createElementNS(ns, 'polyline');
    line.setAttribute('points', points.join(' '));
    line.setAttribute('fill', 'none');
    line.setAttribute('stroke', COLORS[k % COLORS.length]);
    line.setAttribute('stroke-width', '2');
    line.setAttribute('data-venue', s.exchange);
    svg.append(line);
  });
  const legend = h('ul', { class: 'legend' }, ...prices.series.map((s, k) =>
    h('li', {}, h('span', { class: 'swatch', style: `background:${COLORS[k % COLORS.length]}` }), VENUE_NAMES[s.exchange] ?? s.exchange, s.source === 'none' ? h('span', { class: 'small' }, ` (no prices: ${s.note ?? 'none'})`) : null)));
  const box = h('div', { class: 'chart-box' });
  box.append(svg, legend);
  return box;
}

function summary(c: ClusterItem): HTMLElement {
  return h('dl', { class: 'quote gap-summary' },
    h('div', {}, h('dt', {}, 'Best YES ask'), h('dd', { id: 'best-yes' }, leg(c.best.yes_ask))),
    h('div', {}, h('dt', {}, 'Best NO ask'), h('dd', { id: 'best-no' }, leg(c.best.no_ask))),
    h('div', {}, h('dt', {}, 'Gap'), h('dd', { id: 'gap' }, cents(c.gap))),
    h('div', {}, h('dt', {}, 'Gap after fees'), h('dd', { id: 'gap-after-fees' }, cents(c.gap_after_fees), c.fees_complete ? null : h('span', { class: 'small' }, ' (a venue publishes no fee model: counted 0)'))),
  );
}

function membersTable(c: ClusterItem): HTMLElement {
  return h('table', { class: 'members-table', 'aria-label': 'Members side by side' },
    h('thead', {}, h('tr', {}, ...['Venue', 'Market', 'Bid', 'Ask', 'Last', 'Volume', 'Quote age'].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, ...c.quotes.map((q) => h('tr', { 'data-venue': q.exchange, class: q.stale ? 'stale' : '' },
      h('td', {}, venueBadge(q.exchange)),
      h('td', {}, q.url ? h('a', { href: q.url, rel: 'noopener', target: '_blank' }, q.title || q.market_id) : (q.title || q.market_id)),
      h('td', { class: 'bid' }, pct(q.yes_bid)),
      h('td', { class: 'ask' }, pct(q.yes_ask)),
      h('td', {}, pct(q.last_price)),
      h('td', {}, num(q.volume)),
      h('td', { class: 'age', 'data-as-of': q.as_of ?? '' }, age(q.as_of), q.stale ? h('span', { class: 'badge stale-mark' }, 'stale') : null),
    ))),
  );
}

const FEED_STATE: Record<FeedState['kind'], string> = {
  connecting: 'connecting to the live stream…',
  live: 'live',
  reconnecting: 'live stream lost: reconnecting',
  polling: `live stream unavailable: updated every ${POLL_MS / 1000} s`,
  refused: 'live stream:',
};

export async function renderCluster(view: HTMLElement, svcId: string, interval = '1h'): Promise<void> {
  leaveCluster();
  const head = h('div', {}, h('p', { class: 'loading' }, 'Loading the cluster…'));
  const chart = h('section', { class: 'panel', 'aria-labelledby': 'chart-title' }, h('h3', { id: 'chart-title' }, 'Price by venue'), h('p', { class: 'loading' }, 'Loading prices…'));
  // Kept across redraws of the head: the feed's state and a merge's notice.
  const feedState = h('span', { id: 'feed-state', class: 'live-state', role: 'status' }, FEED_STATE.connecting);
  const notice = h('p', { class: 'notice', hidden: true });
  view.replaceChildren(head, chart);
  const stop = followCluster(svcId, {
    item(c) {
      if (!c) return void head.replaceChildren(h('p', { class: 'notice error', role: 'alert' }, `No cluster ${svcId} (it may have merged or dissolved).`));
      head.replaceChildren(
        h('h2', { id: 'cluster-heading' }, c.title),
        h('p', { class: 'meta' }, h('span', {}, c.category), h('span', {}, `closes ${when(c.close_time)}`), h('span', { class: 'confidence' }, `match confidence ${Math.round(c.confidence * 100)}%`), feedState),
        notice,
        summary(c),
        h('section', { class: 'panel', 'aria-labelledby': 'members-title' }, h('h3', { id: 'members-title' }, 'Members side by side'), membersTable(c)),
      );
    },
    error: (err) => head.replaceChildren(problem(err, 'The compare view')),
    state(s) {
      feedState.textContent =
        s.kind === 'reconnecting' ? `${FEED_STATE.reconnecting} in ${Math.round(s.inMs / 1000)} s` : s.kind === 'refused' ? `${FEED_STATE.refused} ${s.message}` : FEED_STATE[s.kind];
      feedState.classList.toggle('on', s.kind === 'live');
      feedState.dataset.state = s.kind;
    },
    merged(from, into) {
      // the address names the cluster shown, without a new render (the stream already follows it)
      history.replaceState(null, '', clusterHref(into));
      notice.hidden = false;
      notice.textContent = `${from} merged into ${into}: this is the merged cluster.`;
    },
  });
  // quote ages grow between updates
  const tick = setInterval(() => {
    for (const cell of head.querySelectorAll<HTMLElement>('td.age')) if (cell.firstChild) cell.firstChild.textContent = age(cell.dataset.asOf || null);
  }, AGE_TICK_MS);
  following = () => {
    stop();
    clearInterval(tick);
  };
  try {
    const prices = await api<ClusterPrices>(`/api/v1/svc/${enc(svcId)}/prices?interval=${enc(interval)}`);
    chart.replaceChildren(h('h3', { id: 'chart-title' }, 'Price by venue'), priceChart(prices));
  } catch (err) {
    chart.replaceChildren(h('h3', { id: 'chart-title' }, 'Price by venue'), problem(err, 'The price chart'));
  }
}
