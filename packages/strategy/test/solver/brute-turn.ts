/**
 * An independent expected-points turn solver for tiny rule sets: it walks ordered rolls
 * (every one of the 6^n sequences) and every legal keep the engine's table lists, with the
 * Ten Dice lock kept explicitly in the state instead of the solver's shift by the lock.
 */
import { optionGain, scoringTable, type RuleSet } from '@zilch/engine';

/** Expected points of rolling from (total, dice, locked) with forced banking above `cap`. */
export function bruteRoll(
  rules: RuleSet,
  onBoard: boolean,
  cap: number,
): (total: number, dice: number, locked: number, held?: number) => number {
  const table = scoringTable(rules);
  const min = Math.max(rules.bankMinimum, onBoard ? 0 : rules.openingMinimum);
  const memo = new Map<string, number>();
  const decide = (total: number, dice: number, locked: number, held: number): number => {
    if (total > cap) return total;
    const r = roll(total, dice, locked, held);
    return total >= min ? Math.max(total, r) : r;
  };
  const roll = (total: number, dice: number, locked: number, held = 0): number => {
    const id = `${total}/${dice}/${locked}/${held}`;
    const m = memo.get(id);
    if (m !== undefined) return m;
    let sum = 0;
    const faces = new Array<number>(dice).fill(1);
    const count = 6 ** dice;
    for (let i = 0; i < count; i++) {
      let x = i;
      for (let d = 0; d < dice; d++) {
        faces[d] = (x % 6) + 1;
        x = Math.floor(x / 6);
      }
      const info = table.lookup(faces, held);
      if (info.zilch) {
        sum += locked;
        continue;
      }
      let best = -Infinity;
      for (const o of info.options) {
        const t2 = total + optionGain(o, total);
        const left = dice - o.dice;
        const v =
          left === 0
            ? decide(t2, rules.dice, rules.lockOnHotDice ? t2 : locked, 0)
            : decide(t2, left, locked, held | o.forms);
        if (v > best) best = v;
      }
      sum += best;
    }
    const v = sum / count;
    memo.set(id, v);
    return v;
  };
  return roll;
}
