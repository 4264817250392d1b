import { preset, type PresetId } from '@zilch/engine';
import { cardRegret, diskSolutions, strategyCard } from '@zilch/strategy/node';
import type { CardParams } from '../packages/strategy/src/card/params.ts';
import { writeFileSync, readFileSync, existsSync, appendFileSync } from 'node:fs';
const id = process.argv[2] as PresetId;
const rules = preset(id);
const solutions = diskSolutions('/tmp/card-cache');
const out = process.argv[3]!;
const games = Number(process.argv[4] ?? 300);
const log = (s: string) => appendFileSync(out + '.log', s + '\n');
let best: CardParams = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : strategyCard(rules).short.params;
if (id === 'farkle-2017' && !existsSync(out)) best = { ...best, bankAt: [250, 250, 400, 1000, null, null], behindPer1000: 25, lateAt: 8000, behindLatePer1000: 25 };
const evalp = (p: CardParams) => cardRegret(rules, p, { games, seed: 7, solutions }).loss;
let bestLoss = evalp(best);
log(`start ${bestLoss * 100} ${JSON.stringify(best)}`);
const mono = (row: readonly (number | null)[], up: boolean) => {
  const v = row.filter((x): x is number => x !== null);
  for (let i = 1; i < v.length; i++) if (up ? v[i]! < v[i - 1]! : v[i]! > v[i - 1]!) return false;
  return true;
};
const tryp = (p: CardParams, what: string) => {
  const t = performance.now();
  const l = evalp(p);
  log(`${what} ${(l * 100).toFixed(3)} (best ${(bestLoss * 100).toFixed(3)}) ${((performance.now() - t) / 1000).toFixed(0)}s`);
  if (l < bestLoss) { best = p; bestLoss = l; writeFileSync(out, JSON.stringify(best)); log(`  BEST ${JSON.stringify(best)}`); }
};
for (let pass = 0; pass < 3; pass++) {
  const bankLen = (best.bankAt ?? []).filter((x) => x !== null).length;
  for (let i = 0; i < Math.min(bankLen + 1, rules.dice - 1); i++)
    for (const m of [-100, -50, 50, 100, 200]) {
      const row = best.bankAt!.slice();
      const now = row[i] ?? null;
      const v = now === null ? (m === 200 ? 2000 : null) : now + m;
      if (v === null || v <= 0) continue;
      row[i] = v;
      if (!mono(row, true)) continue;
      tryp({ ...best, bankAt: row }, `bankAt[${i + 1}]=${v}`);
    }
  for (let i = 2; i < rules.dice; i++)
    for (const m of [-50, 50, 100]) {
      const row = best.worth!.slice();
      row[i] = Math.max(0, row[i]! + m);
      if (!mono(row, true)) continue;
      tryp({ ...best, worth: row }, `worth[${i + 1}]=${row[i]}`);
    }
  if (best.offerGrid) {
    for (let i = 0; i < rules.dice; i++)
      for (const m of [-100, -50, 50, 100]) {
        const row = best.offerGrid[0]!.slice();
        const now = row[i] ?? null;
        if (now === null) continue;
        row[i] = Math.max(0, now + m);
        if (!mono(row, false)) continue;
        tryp({ ...best, offerGrid: [row] }, `offer[${i + 1}]=${row[i]}`);
      }
  }
  const scal: [keyof CardParams, number][] = [['behindPer1000', 25], ['aheadPer1000', 25], ['behindLatePer1000', 50], ['chaseWithin', 250], ['endLead', 250], ['hotBankAt', 250]];
  for (const [k, step] of scal) {
    const now = best[k] as number | undefined;
    if (now === undefined) continue;
    if (k === 'chaseWithin' && rules.end !== 'immediate') continue;
    if (k === 'endLead' && rules.end === 'immediate') continue;
    if (k === 'hotBankAt' && !now) continue;
    for (const v of [now - step, now + step, now + 2 * step]) if (v >= 0) tryp({ ...best, [k]: v }, `${k}=${v}`);
  }
  log(`pass ${pass} ${bestLoss * 100} ${JSON.stringify(best)}`);
}
