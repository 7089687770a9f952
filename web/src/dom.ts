// A small element builder: the page has no framework (its whole script stays a few KB).
type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | ((e: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.replace(/^on/, ''), value);
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, String(value));
  }
  append(el, children);
  return el;
}

export function append(el: Element, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : String(c));
  }
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing from the page`);
  return el as T;
}

/** The venues as the descriptors declare them (src/venues), compiled in by scripts/build-web.ts. */
export interface VenueInfo {
  code: string;
  name: string;
  /** The service's stream path (/ws/<code>), or null. */
  stream: string | null;
  /** Reads the venue offers: market, markets, events, orderbook, trades, prices, candles. */
  reads: string[];
}
declare const __VENUES__: VenueInfo[];
export const VENUES: VenueInfo[] = __VENUES__;
export const VENUE_NAMES: Record<string, string> = Object.fromEntries(VENUES.map((v) => [v.code, v.name]));
export const venueHas = (code: string, read: string): boolean => VENUES.some((v) => v.code === code && v.reads.includes(read));

export function venueBadge(code: string): HTMLElement {
  return h('span', { class: `badge venue-${code}`, title: VENUE_NAMES[code] ?? code }, VENUE_NAMES[code] ?? code);
}

/** A probability as a percentage ("42.5%"), or a dash. */
export function pct(p: number | null | undefined): string {
  return p === null || p === undefined ? '–' : `${(p * 100).toFixed(1)}%`;
}

export function num(x: number | null | undefined): string {
  return x === null || x === undefined ? '–' : x.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

export function when(iso: string | null | undefined): string {
  if (!iso) return '–';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
}
