// Where a `node --cpu-prof` profile's time went: self time by function and by package (node_modules
// package, or the project folder under src/), the biggest first.
//
//   npx tsx bench/trading/profile-top.ts <file.cpuprofile> [--top 25] [--orders N]
// --orders N also prints each line per order (the profile covers the whole service run: warm-up,
// both venues, 1 and 10 users; divide by the orders the run sent in total).
import fs from 'node:fs';
import { arg } from '../../scripts/lib/cli-args.js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) {
  console.error('usage: npx tsx bench/trading/profile-top.ts <file.cpuprofile> [--top 25] [--orders N]');
  process.exit(2);
}
const TOP = Number(arg('top') ?? 25);
const ORDERS = arg('orders') ? Number(arg('orders')) : null;

const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));

function where(url: string): string {
  if (!url) return '(native / V8)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  const m = url.match(/\/(src|dist\/src|indexers)\/(.+)$/);
  if (m) {
    const parts = m[2].split('/');
    return `src/${parts.length > 1 ? parts.slice(0, parts[0] === 'venues' ? 2 : 1).join('/') : parts[0]}`;
  }
  return url.replace(/^file:\/\//, '');
}

const fns = new Map<string, number>();
const pkgs = new Map<string, number>();
let total = 0;
for (const [id, us] of selfUs) {
  const n = byId.get(id)!;
  const cf = n.callFrame;
  total += us;
  const name = cf.functionName || '(anonymous)';
  const key = `${name}  ${cf.url ? `${cf.url.replace(/^.*\/(node_modules|src|dist)\//, '$1/')}:${cf.lineNumber + 1}` : ''}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
  const pkg = ['(idle)', '(program)', '(garbage collector)'].includes(name) ? name : where(cf.url);
  pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
}

const line = (k: string, us: number): string => `${(us / 1000).toFixed(1).padStart(9)} ms ${((us / total) * 100).toFixed(1).padStart(5)}%${ORDERS ? ` ${(us / 1000 / ORDERS).toFixed(3).padStart(7)} ms/order` : ''}  ${k}`;
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
console.log('\nby package / folder (self time):');
for (const [k, us] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(line(k, us));
console.log('\nby function (self time):');
for (const [k, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(line(k, us));
