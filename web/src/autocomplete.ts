// The search box's suggestions (WAI-ARIA combobox with a listbox): as the user types, suggestions from
// GET /api/v1/search/autocomplete (one per cluster, with the badges of every venue that lists it).
// Fast first paint: the answer for a query already seen is shown at once, and while a new prefix is
// fetched (debounced) the previous answer's suggestions that still match are shown. Each first paint
// of suggestions for what was typed is recorded as a `suggestions-painted` performance measure
// (keystroke to painted), which the browser test reads.
import { api, enc, type Suggestion } from './api.js';
import { h, venueBadge } from './dom.js';

export const DEBOUNCE_MS = 30;
const LIMIT = 8;
const CACHE_ENTRIES = 200;

export interface AutocompleteOptions {
  input: HTMLInputElement;
  list: HTMLUListElement;
  /** Venue filter of the page, when one is set. */
  venue: () => string;
  onPick: (s: Suggestion) => void;
}

const normalise = (q: string) => q.trim().toLowerCase().replace(/\s+/g, ' ');

/** True when every word of `q` starts a word of `text` (how the engine matches a prefix). */
function stillMatches(text: string, q: string): boolean {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return q.split(' ').every((part) => words.some((w) => w.startsWith(part)));
}

export function attachAutocomplete(opts: AutocompleteOptions): { close(): void } {
  const { input, list } = opts;
  const cache = new Map<string, Suggestion[]>();
  let shown: Suggestion[] = [];
  let active = -1;
  let timer: number | undefined;
  let inflight: AbortController | null = null;
  /** The keystroke being measured: its query and time, until its first suggestions are painted. */
  let pending: { q: string; t0: number } | null = null;

  const cacheKey = (q: string) => `${opts.venue()}|${q}`;

  function render(items: Suggestion[], forQuery: string): void {
    shown = items;
    active = -1;
    list.replaceChildren(
      ...items.map((s, i) =>
        h(
          'li',
          { id: `suggestion-${i}`, role: 'option', 'aria-selected': 'false', class: 'suggestion', 'data-market': `${s.exchange}/${s.market_id}` },
          h('span', { class: 'suggestion-text' }, s.text),
          h('span', { class: 'badges', 'aria-label': `on ${s.exchanges.length} venue${s.exchanges.length === 1 ? '' : 's'}` }, ...s.exchanges.map(venueBadge)),
        ),
      ),
    );
    // Answers that arrive after the user left the box (clicked a filter, a button) stay closed.
    const open = items.length > 0 && document.activeElement === input;
    list.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    input.removeAttribute('aria-activedescendant');
    if (open && pending && pending.q === forQuery) {
      const { t0, q } = pending;
      pending = null;
      // After the frame that shows them: rAF runs before the paint, the timeout right after it.
      requestAnimationFrame(() => setTimeout(() => performance.measure('suggestions-painted', { start: t0, end: performance.now(), detail: { q } })));
    }
  }

  function setActive(i: number): void {
    const items = [...list.children] as HTMLElement[];
    if (items.length === 0) return;
    active = (i + items.length) % items.length;
    items.forEach((el, j) => el.setAttribute('aria-selected', String(j === active)));
    input.setAttribute('aria-activedescendant', items[active].id);
    items[active].scrollIntoView({ block: 'nearest' });
  }

  function close(): void {
    window.clearTimeout(timer);
    inflight?.abort();
    render([], '');
  }

  async function fetchSuggestions(q: string): Promise<void> {
    inflight?.abort();
    const controller = new AbortController();
    inflight = controller;
    const venue = opts.venue();
    try {
      const body = await api<{ suggestions: Suggestion[] }>(`/api/v1/search/autocomplete?q=${enc(q)}&limit=${LIMIT}${venue ? `&exchange=${enc(venue)}` : ''}`, { signal: controller.signal });
      remember(cacheKey(q), body.suggestions);
      if (normalise(input.value) === q) render(body.suggestions, q);
    } catch (err) {
      if ((err as Error).name !== 'AbortError' && normalise(input.value) === q) render([], q);
    }
  }

  function remember(key: string, items: Suggestion[]): void {
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, items);
  }

  input.addEventListener('input', (e) => {
    const q = normalise(input.value);
    window.clearTimeout(timer);
    if (q.length === 0) return close();
    pending = { q, t0: e.timeStamp };
    const known = cache.get(cacheKey(q));
    if (known) {
      inflight?.abort();
      render(known, q);
      return;
    }
    // While the new prefix is fetched, what still matches of the last answer stays up.
    const narrowed = shown.filter((s) => stillMatches(s.text, q));
    if (narrowed.length) render(narrowed, q);
    timer = window.setTimeout(() => void fetchSuggestions(q), DEBOUNCE_MS);
  });

  input.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (list.hidden) return;
      e.preventDefault();
      setActive(active + (e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Enter' && active >= 0 && !list.hidden) {
      e.preventDefault();
      const pick = shown[active];
      close();
      opts.onPick(pick);
    } else if (e.key === 'Escape') {
      close();
    }
  });

  // mousedown, not click: the input must not lose focus (and close the list) first.
  list.addEventListener('mousedown', (e) => {
    const li = (e.target as HTMLElement).closest('li');
    if (!li) return;
    e.preventDefault();
    const pick = shown[[...list.children].indexOf(li)];
    close();
    if (pick) opts.onPick(pick);
  });
  const showList = (open: boolean) => {
    list.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
  };
  input.addEventListener('blur', () => setTimeout(() => showList(false), 0));
  input.addEventListener('focus', () => showList(shown.length > 0));
  return { close };
}
