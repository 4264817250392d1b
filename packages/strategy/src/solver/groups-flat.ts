import type { RuleSet } from '@zilch/engine';
import { allRollGroups } from './outcomes.ts';

/**
 * Roll groups of every dice count in flat typed arrays, for the two-player inner loops.
 * Option j of group g points at column `next − 1` of row `t + gain` of a table N wide:
 * `off[j] = gain · N + next − 1`, so a lookup is one add from the row of the current total.
 */
export interface FlatGroups {
  readonly dice: number;
  /** Groups of n dice are gFrom[n] .. gFrom[n+1]−1. */
  readonly gFrom: Int32Array;
  readonly prob: Float64Array;
  /** Options of group g are oFrom[g] .. oFrom[g+1]−1. */
  readonly oFrom: Int32Array;
  readonly off: Int32Array;
  readonly gain: Int32Array;
  readonly next: Int32Array;
  /** Chance of a zilch with n dice (index n). */
  readonly zilch: Float64Array;
  /** Largest gain of any option, in units. */
  readonly maxGain: number;
}

/** Flattens a rule set's roll groups. */
export function flatGroups(rules: RuleSet): FlatGroups {
  const N = rules.dice;
  const all = allRollGroups(rules);
  let G = 0;
  let O = 0;
  for (let n = 1; n <= N; n++) {
    G += all[n]!.prob.length;
    O += all[n]!.gain.length;
  }
  const gFrom = new Int32Array(N + 2);
  const prob = new Float64Array(G);
  const oFrom = new Int32Array(G + 1);
  const off = new Int32Array(O);
  const gain = new Int32Array(O);
  const next = new Int32Array(O);
  const zilch = new Float64Array(N + 1);
  let g = 0;
  let o = 0;
  let maxGain = 0;
  for (let n = 1; n <= N; n++) {
    const rg = all[n]!;
    gFrom[n] = g;
    zilch[n] = rg.zilch;
    for (let i = 0; i < rg.prob.length; i++, g++) {
      prob[g] = rg.prob[i]!;
      oFrom[g] = o;
      for (let j = rg.start[i]!; j < rg.start[i + 1]!; j++, o++) {
        gain[o] = rg.gain[j]!;
        next[o] = rg.next[j]!;
        off[o] = rg.gain[j]! * N + rg.next[j]! - 1;
        if (rg.gain[j]! > maxGain) maxGain = rg.gain[j]!;
      }
    }
  }
  gFrom[N + 1] = g;
  oFrom[G] = o;
  return { dice: N, gFrom, prob, oFrom, off, gain, next, zilch, maxGain };
}
