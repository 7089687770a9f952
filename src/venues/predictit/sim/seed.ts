/**
 * The PredictIt simulator's seed: `marketdata/all` market objects with nested contracts, in
 * PredictIt's wire format (dollar prices as numbers with nulls for missing quotes, zone-less US
 * Eastern times, "NA" end dates). Shared questions worded "Question? - Contract" become contracts of
 * one multi-contract market; single questions become single-contract markets. PredictIt-only markets
 * add seat brackets, a contract without a NO side, US-style "(ET)" end dates and a closed contract.
 */
import { venueQuestions } from '../../../sim/fixture-helpers.js';
import { createRng } from '../../../sim/rng.js';
import type { PredictItContractWire, PredictItMarketWire } from '../normalise.js';

const EASTERN_PARTS = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Epoch ms -> zone-less US Eastern wall clock "2026-11-22T19:04:05" (what PredictIt prints). */
export function toEasternWallClock(ms: number): string {
  const p = Object.fromEntries(EASTERN_PARTS.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

/** PredictIt's `timeStamp`: Eastern wall clock with seven fractional digits. */
export function predictitTimeStamp(ms: number): string {
  return `${toEasternWallClock(ms)}.${String(ms % 1000).padStart(3, '0')}${String((ms * 7919) % 10_000).padStart(4, '0')}`;
}

const cents = (p: number): number => Math.round(Math.min(0.99, Math.max(0.01, p)) * 100) / 100;

interface ContractSpec {
  name: string;
  shortName?: string;
  yes: number;
  dateEnd?: string;
  status?: 'Open' | 'Closed';
  /** No resting NO orders: bestBuyNoCost and bestSellYesCost are null. */
  noNoSide?: boolean;
}

interface MarketSpec {
  name: string;
  shortName: string;
  contracts: ContractSpec[];
}

/** Extra contracts PredictIt lists next to the shared ones, so that a "Question? - X" market has siblings. */
const SIBLINGS: Record<string, ContractSpec[]> = {
  'Which party will control the Senate after 2026 election?': [{ name: 'Democratic', yes: 0.37 }],
  'Who will win the 2028 US presidential election?': [{ name: 'Marco Rubio', shortName: 'Rubio', yes: 0.08 }, { name: 'Josh Shapiro', shortName: 'Shapiro', yes: 0.07 }],
  'Who will win the 2028 Democratic presidential nomination?': [{ name: 'Newsom', yes: 0.29 }, { name: 'Shapiro', yes: 0.12 }, { name: 'Buttigieg', yes: 0.08 }],
  'Who will win the 2028 Republican presidential nomination?': [{ name: 'Rubio', yes: 0.16 }, { name: 'DeSantis', yes: 0.04 }, { name: 'Trump Jr.', yes: 0.03, noNoSide: true }],
};

function contractWire(id: number, c: ContractSpec, order: number): PredictItContractWire {
  const r = createRng(`predictit-quote:${id}`);
  const open = (c.status ?? 'Open') === 'Open';
  const yes = cents(c.yes);
  const spread = r.int(1, 2) / 100;
  const ask = cents(yes + (r.chance(0.5) ? spread : 0));
  const bidRaw = Math.round(Math.min(ask - 0.01, yes - (r.chance(0.5) ? 0 : spread)) * 100) / 100;
  const bid = cents(bidRaw);
  // No bid at all when the ask is already the 1-cent floor, or when nobody offers the NO side.
  const none = !open || c.noNoSide || bidRaw < 0.01;
  return {
    id,
    dateEnd: c.dateEnd ?? 'NA',
    image: `https://cdn1.predictit.org/images/Contracts/small_${createRng(`img:${id}`).hex(8)}.png`,
    name: c.name,
    shortName: c.shortName ?? c.name,
    status: c.status ?? 'Open',
    lastTradePrice: yes,
    bestBuyYesCost: open ? ask : null,
    bestBuyNoCost: none ? null : cents(1 - bid),
    bestSellYesCost: none ? null : bid,
    bestSellNoCost: open ? cents(1 - ask) : null,
    lastClosePrice: r.chance(0.1) ? null : cents(yes + (r.next() - 0.5) * 0.04),
    displayOrder: order,
  };
}

export function predictitSeed(now = Date.now()): PredictItMarketWire[] {
  const specs = new Map<string, MarketSpec>();
  for (const q of venueQuestions('predictit', now)) {
    const cut = q.title.lastIndexOf(' - ');
    const closes = toEasternWallClock(Date.parse(q.closeTime));
    if (cut < 0) {
      specs.set(q.title, { name: q.title, shortName: q.title.replace(/^Will /, '').slice(0, 40), contracts: [{ name: q.title, yes: q.yes, dateEnd: closes }] });
      continue;
    }
    const name = q.title.slice(0, cut);
    const contract = q.title.slice(cut + 3);
    const spec = specs.get(name) ?? { name, shortName: name.replace(/^Which party will control the |^Who will win the /, '').slice(0, 40), contracts: [] };
    spec.contracts.push({ name: contract, yes: q.yes });
    specs.set(name, spec);
  }
  for (const [name, extra] of Object.entries(SIBLINGS)) specs.get(name)?.contracts.push(...extra);

  // PredictIt-only markets.
  const day = (d: number): number => now + d * 86_400_000;
  const usDate = (ms: number): string => {
    const [date] = toEasternWallClock(ms).split('T');
    const [y, m, d] = date.split('-');
    return `${m}/${d}/${y} 11:00:00 AM (ET)`;
  };
  specs.set('How many House seats will Republicans win in the 2026 midterm election?', {
    name: 'How many House seats will Republicans win in the 2026 midterm election?',
    shortName: 'Republican House Seats won in midterms?',
    contracts: [
      { name: '202 or fewer', yes: 0.34 },
      { name: '203 to 212', yes: 0.27 },
      { name: '213 to 222', yes: 0.21 },
      { name: '223 or more', yes: 0.16 },
    ],
  });
  specs.set('Trump approval on Friday per RCP average?', {
    name: `What will Trump's approval rating be on ${usDate(day(4)).slice(0, 10)}, per RCP?`,
    shortName: 'Trump approval on Friday?',
    contracts: [
      { name: '41.9% or lower', yes: 0.11, dateEnd: usDate(day(4)) },
      { name: '42.0% to 42.9%', yes: 0.38, dateEnd: usDate(day(4)) },
      { name: '43.0% to 43.9%', yes: 0.36, dateEnd: usDate(day(4)) },
      { name: '44.0% or higher', yes: 0.13, dateEnd: usDate(day(4)) },
    ],
  });
  specs.set('Which party will win the 2026 Georgia Senate race?', {
    name: 'Which party will win the 2026 Georgia Senate race?',
    shortName: 'GA Senate 2026',
    contracts: [
      { name: 'Democratic', yes: 0.58 },
      { name: 'Republican', yes: 0.43 },
      { name: 'Libertarian', yes: 0.01, status: 'Closed' },
    ],
  });
  specs.set('Will SCOTUS strike down the IEEPA tariffs?', {
    name: 'Will SCOTUS strike down the IEEPA tariffs?',
    shortName: 'SCOTUS strikes tariffs?',
    contracts: [{ name: 'Will SCOTUS strike down the IEEPA tariffs?', shortName: 'SCOTUS strikes tariffs?', yes: 0.73, dateEnd: toEasternWallClock(day(200)).replace(/T.*/, 'T23:59:00') }],
  });
  specs.set('Will Zohran Mamdani be NYC mayor on Jan. 1, 2027?', {
    name: 'Will Zohran Mamdani be NYC mayor on Jan. 1, 2027?',
    shortName: 'Mamdani mayor Jan 1?',
    contracts: [{ name: 'Will Zohran Mamdani be NYC mayor on Jan. 1, 2027?', yes: 0.97, dateEnd: '2026-12-31T23:59:00' }],
  });
  specs.set('Who will be the next Speaker of the House?', {
    name: 'Who will be the next Speaker of the House?',
    shortName: 'Next Speaker?',
    contracts: [
      { name: 'Hakeem Jeffries', shortName: 'Jeffries', yes: 0.64 },
      { name: 'Mike Johnson', shortName: 'Johnson', yes: 0.27 },
      { name: 'Jim Jordan', shortName: 'Jordan', yes: 0.04, noNoSide: true },
    ],
  });

  const timeStamp = predictitTimeStamp(now);
  const out: PredictItMarketWire[] = [];
  let marketId = 8100;
  let contractId = 31900;
  for (const spec of specs.values()) {
    const id = marketId++;
    const contracts = spec.contracts.map((c, i) => contractWire(contractId++, c, i));
    const slug = spec.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
    out.push({
      id,
      name: spec.name,
      shortName: spec.shortName,
      image: `https://cdn1.predictit.org/images/Markets/${createRng(`mimg:${id}`).hex(8)}.jpg`,
      url: `https://www.predictit.org/markets/detail/${id}/${slug}`,
      contracts,
      timeStamp,
      status: 'Open',
    });
  }
  return out;
}
