import { keepChoices, preset, type GameState } from '@zilch/engine';
import { cardRegret, diskSolutions } from '@zilch/strategy/node';
import { cardDecisions, decisionLoss, fitWorth, type Decision } from '../packages/strategy/src/card/fit.ts';
import { cardBot } from '../packages/strategy/src/card/bot.ts';
import type { CardParams } from '../packages/strategy/src/card/params.ts';
import { writeFileSync, readFileSync, existsSync } from 'node:fs';

const rules = preset('farkle-2017');
const solutions = diskSolutions('/tmp/card-cache');
const T = rules.target;
const startFile = process.argv[2];
let params: CardParams = startFile && existsSync(startFile) ? JSON.parse(readFileSync(startFile, 'utf8')) : {
  bankAt: [300, 200, 400, 1000, null, null], worth: [0, 0, 0, 100, 300, 400],
  behindPer1000: 0, aheadPer1000: 50, endLead: 1000, chaseWithin: 500, hotBankAt: 0,
  lateBankAt: [300, 200, 400, 1000, null, null], lateAt: 8000, behindLatePer1000: 0,
};
const games = Number(process.argv[3] ?? 300);
const seeds = (process.argv[4] ?? '7,17').split(',').map(Number);
const out = process.argv[5] ?? 'scratch/p.json';
interface P { at: number; dice: number; own: number; other: number; above: number; below: number }
function points(decs: Decision[], p: CardParams): P[] {
  const always = cardBot(rules, { ...p, bankAt: [0,0,0,0,0,0], lateBankAt: [0,0,0,0,0,0], behindPer1000: 0, aheadPer1000: 0, behindLatePer1000: 0, chaseWithin: 0 });
  const not = cardBot(rules, { ...p, bankAt: [null,null,null,null,null,null], lateBankAt: [null,null,null,null,null,null], chaseWithin: 0 });
  const res: P[] = [];
  for (const d of decs) {
    const s: GameState = d.state;
    if (s.phase !== 'decide' && s.phase !== 'keep') continue;
    const rolled = not.decide(s);
    const above = decisionLoss(d, always.decide(s));
    const below = decisionLoss(d, rolled);
    if (above === below) continue;
    let [at, dice] = [s.turn.total, s.turn.available];
    if (s.phase === 'keep' && rolled.type === 'keep') {
      const key = rolled.dice.join(',');
      const c = keepChoices(s).find((k) => k.positions.join(',') === key);
      if (c) [at, dice] = [c.total, c.diceLeft];
    }
    const own = s.scores[s.current]!; const other = s.scores[1 - s.current]!;
    if (own + at >= T) continue;
    res.push({ at, dice, own, other, above, below });
  }
  return res;
}
type V = { bankAt: (number|null)[]; lateBankAt: (number|null)[]; lateAt: number; behind: number; behindLate: number; ahead: number; chase: number };
function banks(v: V, q: P): boolean {
  if (v.chase > 0 && q.other >= T - v.chase) return false;
  const late = Math.max(q.own, q.other) >= v.lateAt;
  const base = (late ? v.lateBankAt : v.bankAt)[q.dice - 1] ?? null;
  if (base === null) return false;
  const gap = q.other - q.own;
  const b = q.other >= v.lateAt ? v.behindLate : v.behind;
  return q.at >= base + (gap > 0 ? (b * gap) / 1000 : (v.ahead * gap) / 1000);
}
const cost = (v: V, ps: P[]): number => { let c = 0; for (const q of ps) c += banks(v, q) ? q.above : q.below; return c; };
const decs = seeds.flatMap((seed) => cardDecisions(rules, params, { games, seed, solutions }));
const ps = points(decs, params);
console.log('points', ps.length, 'decisions', decs.length);
const v: V = { bankAt: params.bankAt!.slice(), lateBankAt: (params.lateBankAt ?? params.bankAt!).slice(), lateAt: params.lateAt ?? 8000,
  behind: params.behindPer1000, behindLate: params.behindLatePer1000 ?? params.behindPer1000, ahead: params.aheadPer1000, chase: params.chaseWithin };
console.log('start bank loss per game', (cost(v, ps) / (games * seeds.length)) * 100);
const thr = [null, ...Array.from({ length: 60 }, (_, i) => 50 * (i + 1))];
const range = (a: number, b: number, s: number) => Array.from({ length: Math.floor((b - a) / s) + 1 }, (_, i) => a + i * s);
for (let pass = 0; pass < 1; pass++) {
  for (const key of ['bankAt', 'lateBankAt'] as const)
    for (let i = 0; i < 5; i++) {
      let best = cost(v, ps); let pick = v[key][i];
      const now = v[key][i];
      const lo = Number(process.env.LO ?? 0.8), hi = Number(process.env.HI ?? 1.3);
      const cands = now === null ? [null] : thr.filter((t) => t !== null && t >= now * lo && t <= now * hi);
      for (const t of cands) { v[key][i] = t; const c = cost(v, ps); if (c < best - 1e-12) [best, pick] = [c, t]; }
      v[key][i] = pick!;
    }
  const near = (k: keyof V, step: number) => [(v[k] as number) - step, v[k] as number, (v[k] as number) + step].filter((x) => x >= 0);
  const scal: [keyof V, number[]][] = [['lateAt', near('lateAt', 500)], ['behind', near('behind', 25)], ['behindLate', near('behindLate', 25)], ['ahead', near('ahead', 25)], ['chase', near('chase', 250)]];
  for (const [k, vals] of scal) {
    let best = cost(v, ps); let pick = v[k] as number;
    for (const t of vals) { (v[k] as number) = t; const c = cost(v, ps); if (c < best - 1e-12) [best, pick] = [c, t]; }
    (v[k] as number) = pick;
  }
  console.log('pass', pass, (cost(v, ps) / (games * seeds.length)) * 100, JSON.stringify(v));
}
let next: CardParams = { ...params, bankAt: [...v.bankAt.slice(0, 5), null], lateBankAt: [...v.lateBankAt.slice(0, 5), null], lateAt: v.lateAt,
  behindPer1000: v.behind, behindLatePer1000: v.behindLate, aheadPer1000: v.ahead, chaseWithin: v.chase };
const wg = fitWorth(rules, { ...next, worthGrid: [next.worth!.slice()], worthCuts: [100000] }, decs);
next = { ...next, worth: wg![0]! };
console.log(JSON.stringify(next));
writeFileSync(out, JSON.stringify(next));
for (const [name, p] of [['before', params], ['after', next]] as const) {
  const r = cardRegret(rules, p, { games: Number(process.env.EVAL ?? 400), seed: 13, solutions });
  console.log(name, (r.loss * 100).toFixed(2), '±', (r.se * 196).toFixed(2), JSON.stringify(Object.fromEntries(Object.entries(r.byKind).map(([k, x]) => [k, +(x * 100).toFixed(2)]))));
}
