// Events speak the markets' status vocabulary (open|upcoming|closed|resolved|halted) and keep the
// venue's own word in venue_status: every venue's event normaliser, on the venues' wire formats.
import assert from 'node:assert/strict';
import { normaliseEvent as futuurEvent, type FutuurEventWire } from '../../src/venues/futuur/normalise.js';
import { normaliseEvent as kalshiEvent } from '../../src/venues/kalshi/normalise.js';
import { normaliseGroup as limitlessGroup, type LimitlessMarketWire } from '../../src/venues/limitless/normalise.js';
import { normaliseCategorical as opinionCategorical, type OpinionMarketWire } from '../../src/venues/opinion/normalise.js';
import { normaliseEvent as polymarketEvent, type GammaEventWire } from '../../src/venues/polymarket/normalise.js';
import { eventsOfMarkets, indexCategories, normaliseCategory, normaliseMarket, type PredictCategoryWire } from '../../src/venues/predictfun/normalise.js';
import { predictfunSeed } from '../../src/venues/predictfun/sim/seed.js';
import { normaliseEvent as predictitEvent, type PredictItMarketWire } from '../../src/venues/predictit/normalise.js';
import { normaliseEvent as probableEvent, type ProbableEventWire } from '../../src/venues/probable/normalise.js';
import { eventStatusFromMarkets, MARKET_STATUSES, MarketEventSchema } from '../../src/venues/records.js';
import { fixture } from './fixture.js';

const ctx = { fetchedAt: '2026-11-23T00:00:00.000Z' };

describe('event status: the unified vocabulary, with the venue word beside it', () => {
  it('derives an event status from its markets', () => {
    assert.equal(eventStatusFromMarkets([]), null);
    assert.equal(eventStatusFromMarkets(['closed', 'open', 'resolved']), 'open');
    assert.equal(eventStatusFromMarkets(['closed', 'upcoming']), 'upcoming');
    assert.equal(eventStatusFromMarkets(['resolved', 'halted']), 'halted');
    assert.equal(eventStatusFromMarkets(['resolved', 'resolved']), 'resolved');
    assert.equal(eventStatusFromMarkets(['resolved', 'closed']), 'closed');
  });

  it('maps each venue word, keeps it in venue_status, and falls back on the markets', () => {
    const cases: [string, ReturnType<typeof kalshiEvent>, string | null, string | null][] = [];
    const add = (name: string, e: ReturnType<typeof kalshiEvent>, status: string | null, venue: string | null) => cases.push([name, e, status, venue]);

    const [house] = fixture<{ results: FutuurEventWire[] }>('futuur', 'events_page.json').results;
    add('futuur open', futuurEvent(house, ctx), 'open', 'open');
    add('futuur paused', futuurEvent({ ...house, status: 'paused' }, ctx), 'halted', 'paused');
    add('futuur resolved', futuurEvent({ ...house, status: 'resolved' }, ctx), 'resolved', 'resolved');

    const [kev] = fixture<{ events: Parameters<typeof kalshiEvent>[0][] }>('kalshi', 'events_page.json').events;
    add('kalshi without a word or markets', kalshiEvent(kev, ctx), null, null);
    add('kalshi word', kalshiEvent({ ...kev, status: 'active' } as typeof kev, ctx), 'open', 'active');
    add('kalshi nested markets', kalshiEvent({ ...kev, markets: [{ ticker: 'A', status: 'finalized' }, { ticker: 'B', status: 'closed' }] } as unknown as typeof kev, ctx), 'closed', null);

    const [gev] = fixture<{ events: GammaEventWire[] }>('polymarket', 'gamma_events_keyset.json').events;
    add('polymarket active', polymarketEvent(gev, ctx), 'open', 'active');
    add('polymarket inactive', polymarketEvent({ ...gev, active: false }, ctx), 'halted', 'inactive');
    add('polymarket closed', polymarketEvent({ ...gev, closed: true }, ctx), 'closed', 'closed');
    add('polymarket resolved', polymarketEvent({ ...gev, closed: true, markets: (gev.markets ?? []).map((m) => ({ ...m, umaResolutionStatus: 'resolved' })) }, ctx), 'resolved', 'closed');

    const group = { slug: 'g', title: 'Group', status: 'FUNDED', expired: false, categories: ['Crypto'], markets: [] } as unknown as LimitlessMarketWire;
    add('limitless FUNDED', limitlessGroup(group, ctx), 'open', 'FUNDED');
    add('limitless RESOLVED', limitlessGroup({ ...group, status: 'RESOLVED' }, ctx), 'resolved', 'RESOLVED');

    const categorical = fixture<{ result: { list: OpinionMarketWire[] } }>('opinion', 'market_list.json').result.list.find((m) => m.childMarkets)!;
    add('opinion Activated', opinionCategorical(categorical, ctx), 'open', 'Activated');
    add('opinion Resolved', opinionCategorical({ ...categorical, status: 4, statusEnum: 'Resolved' }, ctx), 'resolved', 'Resolved');

    const pim = fixture<{ markets: PredictItMarketWire[] }>('predictit', 'marketdata-all.json').markets[0];
    add('predictit Open', predictitEvent(pim, ctx), 'open', 'Open');
    add('predictit Closed', predictitEvent({ ...pim, status: 'Closed' }, ctx), 'closed', 'Closed');

    const pev = { id: 7, title: 'Ev', status: 'active', markets: [] } as ProbableEventWire;
    add('probable active', probableEvent(pev, ctx), 'open', 'active');
    add('probable closed markets', probableEvent({ ...pev, status: 'closed', markets: [{ id: 1, closed: true, resolved: true, tokens: [{ token_id: 't', outcome: 'Yes', winner: true }] }, { id: 2, closed: true }] as unknown as ProbableEventWire['markets'] }, ctx), 'closed', 'closed');

    const cat = fixture<{ data: PredictCategoryWire }>('predictfun', 'category.json').data;
    add('predictfun OPEN', normaliseCategory(cat, ctx), 'open', 'OPEN');
    add('predictfun RESOLVED', normaliseCategory({ ...cat, status: 'RESOLVED' }, ctx), 'resolved', 'RESOLVED');

    for (const [name, e, status, venue] of cases) {
      assert.ok(MarketEventSchema.safeParse(e).success, name);
      assert.equal(e.status, status, `${name}: status`);
      assert.ok(e.status === null || (MARKET_STATUSES as readonly string[]).includes(e.status), name);
      assert.equal(e.venue_status, venue, `${name}: venue_status`);
    }
  });
});

describe('predict.fun: a market\'s event is its category, its topic the category\'s tags', () => {
  const seed = predictfunSeed(Date.parse(ctx.fetchedAt));
  const categories = indexCategories(seed.categories, ctx);

  it('lists the category of every market on a page as an event, and gives markets topics, never slugs', () => {
    const markets = seed.markets.map((raw) => normaliseMarket(raw, ctx, { category: categories.get(raw.categorySlug!) ?? null }));
    const events = eventsOfMarkets(seed.markets, categories, ctx);
    const eventIds = new Set(events.map((e) => e.event_id));
    const slugs = new Set(seed.categories.map((c) => c.slug));
    for (const m of markets) {
      assert.ok(m.event_id && eventIds.has(m.event_id), `${m.market_id}: event ${m.event_id} listed`);
      assert.ok(!slugs.has(m.category), `${m.market_id}: category ${m.category} is an event slug`);
      assert.notEqual(m.category, 'other', `${m.market_id}: the seed tags every category`);
    }
    for (const e of events) assert.ok(!slugs.has(e.category), `${e.event_id}: category is a slug`);
    assert.equal(events.length, new Set(seed.markets.map((m) => m.categorySlug)).size);
  });

  it('points a market whose category the venue does not know at no event', () => {
    const raw = { ...seed.markets[0], categorySlug: 'no-such-category' };
    const m = normaliseMarket(raw, ctx, { category: null });
    assert.equal(m.event_id, null);
    assert.equal(m.category, 'other');
    assert.deepEqual(eventsOfMarkets([raw], new Map([['no-such-category', null]]), ctx), []);
  });
});
