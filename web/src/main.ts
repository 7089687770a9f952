// The search page: the key (asked once, kept in local storage, or minted as a free test key), the
// search form (autocomplete, keyword or semantic search, filters) and hash routes:
//   #/                      the search form alone
//   #/search?q=..&mode=..   results (mode keyword|semantic, venue, category, open=1)
//   #/market/<venue>/<id>   a market's page
//   #/opportunities?..      clusters by the gap between venues (q, category, venue, min_gap, sort, active=1)
//   #/cluster/<svc_id>      the compare view of one cluster
import { api, keyStore, onKeyRefused, type CurrentKey, type TestKey } from './api.js';
import { attachAutocomplete } from './autocomplete.js';
import { byId, h, VENUE_NAMES } from './dom.js';
import { leaveMarket, marketHref, renderMarket, renderResults, type SearchParams } from './views.js';
import { leaveCluster, opportunityParams, renderCluster, renderOpportunities } from './cross-venue.js';

const view = byId('view');
const form = byId<HTMLFormElement>('search-form');
const q = byId<HTMLInputElement>('q');
const venue = byId<HTMLSelectElement>('f-venue');
const category = byId<HTMLInputElement>('f-category');
const openOnly = byId<HTMLInputElement>('f-open');
const categories = new Set<string>();

for (const [code, name] of Object.entries(VENUE_NAMES)) venue.append(h('option', { value: code }, name));

// ---- the key ----
const keyPanel = byId('key-panel');
const keyMessage = byId('key-message');
const keyStatus = byId('key-status');

function askForKey(message = ''): void {
  keyPanel.hidden = false;
  keyMessage.textContent = message;
  keyStatus.replaceChildren();
}

async function showKey(): Promise<void> {
  const key = keyStore.get();
  if (!key) return askForKey();
  try {
    const me = await api<CurrentKey>('/api/v1/key');
    keyPanel.hidden = true;
    keyStatus.replaceChildren(
      h('span', { id: 'key-plan' }, `Key …${key.slice(-4)}, plan ${me.plan}${me.kind === 'test' ? ' (test key)' : ''}`),
      h('button', { type: 'button', class: 'link', onclick: () => askForKey() }, 'Change key'),
    );
  } catch {
    // a refused key is handled by onKeyRefused; anything else leaves the panel as it is
  }
}

onKeyRefused((message) => {
  keyStore.clear();
  askForKey(`The key was refused (${message}). Enter another or mint a free test key.`);
});

byId<HTMLFormElement>('key-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const input = byId<HTMLInputElement>('key-input');
  const key = input.value.trim();
  if (!key) return;
  keyStore.set(key);
  input.value = '';
  void showKey().then(route);
});

byId('mint-key').addEventListener('click', async () => {
  keyMessage.textContent = 'Minting a test key…';
  try {
    const minted = await api<TestKey>('/api/v1/test-key', { method: 'POST', body: { label: 'search page' }, noKey: true });
    keyStore.set(minted.api_key);
    keyMessage.textContent = '';
    await showKey();
    route();
  } catch (err) {
    keyMessage.textContent = `Could not mint a test key: ${(err as Error).message}`;
  }
});

// ---- search ----
const mode = (): SearchParams['mode'] => ((form.elements.namedItem('mode') as RadioNodeList).value === 'semantic' ? 'semantic' : 'keyword');

const autocomplete = attachAutocomplete({
  input: q,
  list: byId<HTMLUListElement>('suggestions'),
  venue: () => venue.value,
  onPick: (s) => {
    location.hash = marketHref(s.exchange, s.market_id);
  },
});

form.addEventListener('submit', (e) => {
  e.preventDefault();
  autocomplete.close();
  const text = q.value.trim();
  if (!text) return q.focus();
  const qs = new URLSearchParams({ q: text, mode: mode() });
  if (venue.value) qs.set('venue', venue.value);
  if (category.value.trim()) qs.set('category', category.value.trim());
  if (openOnly.checked) qs.set('open', '1');
  location.hash = `#/search?${qs}`;
});

function route(): void {
  leaveMarket();
  leaveCluster();
  if (!keyStore.get()) {
    view.replaceChildren(h('p', {}, 'Enter an API key above, or mint a free test key, to search.'));
    return;
  }
  const hash = location.hash.replace(/^#/, '') || '/';
  const market = /^\/market\/([^/]+)\/(.+)$/.exec(hash);
  if (market) {
    void renderMarket(view, decodeURIComponent(market[1]), decodeURIComponent(market[2]));
    return;
  }
  const cluster = /^\/cluster\/([^/?]+)$/.exec(hash);
  if (cluster) {
    void renderCluster(view, decodeURIComponent(cluster[1]));
    return;
  }
  if (hash === '/opportunities' || hash.startsWith('/opportunities?')) {
    void renderOpportunities(view, opportunityParams(new URLSearchParams(hash.split('?')[1] ?? '')));
    return;
  }
  if (hash.startsWith('/search?')) {
    const p = new URLSearchParams(hash.slice('/search?'.length));
    const params: SearchParams = { q: p.get('q') ?? '', mode: p.get('mode') === 'semantic' ? 'semantic' : 'keyword', venue: p.get('venue') ?? '', category: p.get('category') ?? '', openOnly: p.get('open') === '1' };
    // The form shows what the results are for (also after a reload or a shared link).
    q.value = params.q;
    (form.elements.namedItem('mode') as RadioNodeList).value = params.mode;
    venue.value = params.venue;
    category.value = params.category;
    openOnly.checked = params.openOnly;
    void renderResults(view, params, categories).then(() => {
      byId('categories').replaceChildren(...[...categories].sort().map((c) => h('option', { value: c })));
    });
    return;
  }
  view.replaceChildren(h('p', { class: 'hint' }, 'Type to see suggestions from every venue; press Enter to search. Semantic search finds markets by meaning (plans max, enterprise, admin).'));
}

window.addEventListener('hashchange', route);
void showKey();
route();
