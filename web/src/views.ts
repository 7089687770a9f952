// The two views under the search form: a list of results (keyword or semantic search), and a market's
// page (price, book, recent trades, its cluster's equivalent markets with the match reasons, and the
// live price over the venue's stream where the service has one).
import { api, ApiError, enc, PlanError, streamIdsField, type Book, type Cluster, type KeywordResult, type Market, type SemanticResult, type Trades } from './api.js';
import { h, num, pct, venueBadge, venueHas, VENUE_NAMES, VENUES, when } from './dom.js';

export interface SearchParams {
  q: string;
  mode: 'keyword' | 'semantic';
  venue: string;
  category: string;
  openOnly: boolean;
}

export const marketHref = (exchange: string, marketId: string) => `#/market/${enc(exchange)}/${enc(marketId)}`;

/** What to show for a failed read: the plan a feature needs, or the API's message. */
export function problem(err: unknown, feature: string): HTMLElement {
  if (err instanceof PlanError) {
    return h(
      'p',
      { class: 'notice plan-needed', role: 'note' },
      `${feature} needs the plan ${err.plans.join(', ').replace(/, ([^,]*)$/, ' or $1')}; your key's plan is ${err.plan ?? 'another'}. `,
      'Ask the operator for a key of that plan (see the ',
      h('a', { href: '/docs' }, 'API reference'),
      ').',
    );
  }
  return h('p', { class: 'notice error', role: 'alert' }, err instanceof ApiError ? err.message : `Failed: ${(err as Error).message}`);
}

type Row = Pick<KeywordResult, 'exchange' | 'market_id' | 'title' | 'category' | 'closed'> & { svc_id?: string | null; score: number };

export async function renderResults(view: HTMLElement, p: SearchParams, knownCategories: Set<string>): Promise<void> {
  const label = p.mode === 'semantic' ? 'Semantic search' : 'Keyword search';
  view.replaceChildren(h('p', { class: 'loading' }, `Searching “${p.q}”…`));
  let rows: Row[];
  try {
    if (p.mode === 'semantic') {
      const body = await api<{ results: SemanticResult[] }>('/api/v1/search/semantic', {
        method: 'POST',
        body: { query: p.q, limit: 20, active_only: p.openOnly, ...(p.venue ? { exchange: [p.venue] } : {}), ...(p.category ? { category: p.category } : {}) },
      });
      rows = body.results;
    } else {
      const qs = new URLSearchParams({ q: p.q, limit: '20', status: p.openOnly ? 'open' : 'all' });
      if (p.venue) qs.set('exchange', p.venue);
      if (p.category) qs.set('category', p.category);
      rows = (await api<{ results: KeywordResult[] }>(`/api/v1/search/markets?${qs}`)).results;
    }
  } catch (err) {
    view.replaceChildren(h('h2', {}, label), problem(err, label));
    return;
  }
  for (const r of rows) knownCategories.add(r.category);
  view.replaceChildren(
    h('h2', { id: 'results-title' }, `${label}: ${rows.length} result${rows.length === 1 ? '' : 's'} for “${p.q}”`),
    rows.length === 0
      ? h('p', {}, 'Nothing found. Try fewer words, another venue or category, or the other search mode.')
      : h(
          'ol',
          { class: 'results', 'aria-labelledby': 'results-title', 'data-mode': p.mode },
          ...rows.map((r) =>
            h(
              'li',
              { class: 'result' },
              h('a', { href: marketHref(r.exchange, r.market_id) }, r.title),
              h(
                'span',
                { class: 'meta' },
                venueBadge(r.exchange),
                h('span', { class: 'category' }, r.category),
                h('span', { class: r.closed ? 'state closed' : 'state open' }, r.closed ? 'closed' : 'open'),
                r.svc_id ? h('span', { class: 'cluster-mark', title: `cluster ${r.svc_id}` }, 'listed on several venues') : null,
              ),
            ),
          ),
        ),
  );
}

/** The open market page's stream, closed when the user leaves it. */
let stream: WebSocket | null = null;
export function leaveMarket(): void {
  stream?.close();
  stream = null;
}

export async function renderMarket(view: HTMLElement, exchange: string, marketId: string): Promise<void> {
  leaveMarket();
  view.replaceChildren(h('p', { class: 'loading' }, 'Loading the market…'));
  const base = `/api/v1/${enc(exchange)}/${enc(marketId)}`;
  let market: Market;
  try {
    market = await api<Market>(`${base}/market`);
  } catch (err) {
    view.replaceChildren(h('h2', {}, 'Market'), problem(err, 'This market'));
    return;
  }
  const price = h('span', { id: 'live-price', class: 'price', 'data-price': String(market.yes_price ?? '') }, pct(market.yes_price));
  const streams = VENUES.some((v) => v.code === exchange && v.stream !== null);
  const liveState = h('span', { id: 'live-state', class: 'live-state' }, streams ? 'connecting to the live stream…' : `${VENUE_NAMES[exchange] ?? exchange} has no stream: prices as of the last read`);
  const bookBox = h('section', { class: 'panel', 'aria-labelledby': 'book-title' }, h('h3', { id: 'book-title' }, 'Order book'), h('p', { class: 'loading' }, 'Loading…'));
  const tradesBox = h('section', { class: 'panel', 'aria-labelledby': 'trades-title' }, h('h3', { id: 'trades-title' }, 'Recent trades'), h('p', { class: 'loading' }, 'Loading…'));
  const clusterBox = h('section', { class: 'panel cluster', 'aria-labelledby': 'cluster-title' }, h('h3', { id: 'cluster-title' }, 'Equivalent markets on other venues'), h('p', { class: 'loading' }, 'Loading…'));
  view.replaceChildren(
    h(
      'article',
      { class: 'market', 'data-exchange': exchange, 'data-market-id': marketId },
      h('p', { class: 'back' }, h('a', { href: '#/' }, '← Back to search')),
      h('h2', { id: 'market-title' }, market.title),
      h('p', { class: 'meta' }, venueBadge(exchange), h('span', { class: 'category' }, market.category), h('span', { class: `state ${market.status}` }, market.status), market.url ? h('a', { href: market.url, rel: 'noopener noreferrer', target: '_blank' }, `Open on ${VENUE_NAMES[exchange] ?? exchange}`) : null),
      h(
        'dl',
        { class: 'quote' },
        h('div', {}, h('dt', {}, 'Yes price'), h('dd', {}, price, ' ', liveState)),
        h('div', {}, h('dt', {}, 'Bid / ask'), h('dd', { id: 'bid-ask' }, `${pct(market.yes_bid)} / ${pct(market.yes_ask)}`)),
        h('div', {}, h('dt', {}, 'Volume'), h('dd', {}, num(market.volume))),
        h('div', {}, h('dt', {}, 'Closes'), h('dd', {}, when(market.close_time))),
      ),
      h('div', { class: 'panels' }, bookBox, tradesBox),
      clusterBox,
    ),
  );
  const venueName = VENUE_NAMES[exchange] ?? exchange;
  if (venueHas(exchange, 'orderbook')) void loadBook(bookBox, base);
  else replaceBody(bookBox, h('p', {}, `${venueName} publishes no order book.`));
  if (venueHas(exchange, 'trades')) void loadTrades(tradesBox, base);
  else replaceBody(tradesBox, h('p', {}, `${venueName} publishes no trades.`));
  // A market not matched yet has no cluster to ask for (svc_id null).
  if (market.svc_id) void loadCluster(clusterBox, base, exchange, marketId);
  else replaceBody(clusterBox, h('p', {}, 'No equivalent market found on another venue yet.'));
  if (streams) follow(exchange, marketId, price, liveState, view.querySelector('#bid-ask') as HTMLElement);
}

function replaceBody(box: HTMLElement, ...nodes: Node[]): void {
  box.replaceChildren(box.firstElementChild as Node, ...nodes);
}

async function loadBook(box: HTMLElement, base: string): Promise<void> {
  try {
    const body = await api<Book>(`${base}/orderbook`);
    const snap = body.snapshots[0];
    if (!snap || (snap.bids.length === 0 && snap.asks.length === 0)) return replaceBody(box, h('p', {}, 'The book is empty.'));
    const depth = Math.min(10, Math.max(snap.bids.length, snap.asks.length));
    const rows = Array.from({ length: depth }, (_, i) =>
      h('tr', {}, h('td', {}, num(snap.bids[i]?.size)), h('td', { class: 'bid' }, pct(snap.bids[i]?.price)), h('td', { class: 'ask' }, pct(snap.asks[i]?.price)), h('td', {}, num(snap.asks[i]?.size))),
    );
    replaceBody(
      box,
      h('table', { class: 'book' }, h('caption', { class: 'visually-hidden' }, 'Best ten levels of YES bids and asks'), h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Bid size'), h('th', { scope: 'col' }, 'Bid'), h('th', { scope: 'col' }, 'Ask'), h('th', { scope: 'col' }, 'Ask size'))), h('tbody', {}, ...rows)),
      h('p', { class: 'small' }, `As of ${when(snap.timestamp)}`),
    );
  } catch (err) {
    replaceBody(box, problem(err, 'The order book'));
  }
}

async function loadTrades(box: HTMLElement, base: string): Promise<void> {
  try {
    const body = await api<Trades>(`${base}/tradehistory?limit=15`);
    if (body.trades.length === 0) return replaceBody(box, h('p', {}, 'No recent trades.'));
    replaceBody(
      box,
      h(
        'table',
        { class: 'trades' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Time'), h('th', { scope: 'col' }, 'Price'), h('th', { scope: 'col' }, 'Size'), h('th', { scope: 'col' }, 'Side'))),
        h('tbody', {}, ...body.trades.map((t) => h('tr', {}, h('td', {}, when(t.timestamp)), h('td', {}, pct(t.price)), h('td', {}, num(t.size)), h('td', {}, t.taker_side ?? '–')))),
      ),
    );
  } catch (err) {
    replaceBody(box, problem(err, 'Trades'));
  }
}

async function loadCluster(box: HTMLElement, base: string, exchange: string, marketId: string): Promise<void> {
  try {
    const cluster = await api<Cluster>(`${base}/cluster`);
    const others = cluster.members.filter((m) => !(m.exchange === exchange && m.market_id === marketId));
    replaceBody(
      box,
      h('p', {}, `Cluster ${cluster.svc_id}: ${cluster.market_count} markets on ${cluster.exchanges.length} venues. `,
        // the compare view (web/src/cross-venue.ts; plans with svc lookups)
        h('a', { href: `#/cluster/${enc(cluster.svc_id)}` }, 'Compare prices across venues')),
      h(
        'ul',
        { class: 'members' },
        ...others.map((m) =>
          h(
            'li',
            { class: 'member' },
            venueBadge(m.exchange),
            h('a', { href: marketHref(m.exchange, m.market_id) }, m.title),
            h('span', { class: 'confidence' }, `match ${(m.match.confidence * 100).toFixed(0)}% (${m.match.method})`),
            m.match.reasons.length ? h('ul', { class: 'reasons', 'aria-label': 'Why it matches' }, ...m.match.reasons.map((r) => h('li', {}, r))) : null,
          ),
        ),
      ),
    );
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return replaceBody(box, h('p', {}, 'No equivalent market found on another venue yet.'));
    replaceBody(box, problem(err, 'Equivalent markets (clusters)'));
  }
}

interface PricesData {
  price: number | null;
  yes_bid: number | null;
  yes_ask: number | null;
}

/** The live price: subscribe to the market on /ws/<venue>, update on each prices message. */
function follow(exchange: string, marketId: string, price: HTMLElement, state: HTMLElement, bidAsk: HTMLElement): void {
  const idsField = streamIdsField(exchange);
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/${exchange}`);
  stream = ws;
  ws.addEventListener('open', () => ws.send(JSON.stringify({ action: 'subscribe', [idsField]: [marketId], message_types: ['prices'] })));
  ws.addEventListener('message', (e) => {
    const msg = JSON.parse(String(e.data)) as Record<string, unknown>;
    if (typeof msg.error === 'string') {
      state.textContent = `stream: ${msg.error}`;
      return;
    }
    if (msg.event === 'subscribed') {
      state.textContent = 'live';
      state.classList.add('on');
      return;
    }
    // kalshi: bare objects (prices carry kalshi_id and price); elsewhere {type, data} envelopes.
    const data = (exchange === 'kalshi' ? ('price' in msg && 'kalshi_id' in msg ? msg : null) : msg.type === 'prices' ? msg.data : null) as PricesData | null;
    if (!data) return;
    const next = data.price ?? (data.yes_bid !== null && data.yes_ask !== null ? (data.yes_bid + data.yes_ask) / 2 : null);
    if (next === null) return;
    if (price.dataset.price !== String(next)) {
      price.dataset.price = String(next);
      price.textContent = pct(next);
      price.classList.remove('flash');
      void price.offsetWidth; // restart the highlight animation
      price.classList.add('flash');
    }
    bidAsk.textContent = `${pct(data.yes_bid)} / ${pct(data.yes_ask)}`;
  });
  ws.addEventListener('close', () => {
    if (stream === ws) {
      state.textContent = 'stream closed';
      state.classList.remove('on');
    }
  });
}
