/**
 * An independent expected-points turn solver for tiny rule sets: it walks ordered rolls
 * (every one of the 6^n sequences) and every legal keep the engine's table lists, with the
 * Ten Dice lock kept explicitly in the state instead of the solver's shift by the lock, the
 * held sets' points (set doubling) in the state, and first-roll mercy played out on the roll
 * itself (a first-roll zilch rolls every die again from the mercy points).
 */
import { NO_SETS, optionGain, optionSets, scoringTable, type RuleSet } from '@zilch/engine';

/** Rolling from (total, dice, locked, held, sets); `first`: a fresh turn's first roll. */
type BruteRoll = (
  total: number,
  dice: number,
  locked: number,
  held?: number,
  sets?: readonly number[],
  first?: boolean,
) => number;

/** Expected points of rolling, with forced banking above `cap`; a zilch is worth `zilchValue`. */
export function bruteRoll(
  rules: RuleSet,
  onBoard: boolean,
  cap: number,
  zilchValue = 0,
): BruteRoll {
  const table = scoringTable(rules);
  const min = Math.max(rules.bankMinimum, onBoard ? 0 : rules.openingMinimum);
  const memo = new Map<string, number>();
  const decide = (
    total: number,
    dice: number,
    locked: number,
    held: number,
    sets: readonly number[],
  ): number => {
    if (total > cap) return total;
    const r = roll(total, dice, locked, held, sets);
    return total >= min ? Math.max(total, r) : r;
  };
  const roll: BruteRoll = (total, dice, locked, held = 0, sets = NO_SETS, first = false) => {
    const id = `${total}/${dice}/${locked}/${held}/${sets.join()}/${first}`;
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
        const mercy = rules.firstRollMercy;
        if (first && mercy) sum += roll(total + mercy.points, rules.dice, locked);
        else sum += locked > 0 ? locked : zilchValue;
        continue;
      }
      let best = -Infinity;
      for (const o of info.options) {
        const t2 = total + optionGain(o, total, sets);
        const left = dice - o.dice;
        const v =
          left === 0
            ? decide(t2, rules.dice, rules.lockOnHotDice ? t2 : locked, 0, NO_SETS)
            : decide(
                t2,
                left,
                locked,
                o.grows ? heldFaces(o, sets) : held | o.forms,
                optionSets(o, sets),
              );
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

function heldFaces(o: Parameters<typeof optionSets>[0], sets: readonly number[]): number {
  return optionSets(o, sets).reduce((m, v, f) => (v > 0 ? m | (1 << f) : m), 0);
}
