import {
  arrangements,
  keyOfCounts,
  multisetsOfSize,
  scoringTable,
  type RuleSet,
} from '@zilch/engine';
import { allRollGroups, UNIT } from './outcomes.ts';

/**
 * What a roll can lead to from one turn state (dice available, held sets), for the turn
 * solver. Options are listed per outcome; an option's gain is fixed, except under Hot Dice
 * extensions where it depends on the running total (`splits`).
 */
export interface KernelOption {
  /** Fixed gain in units, or -1 when it depends on the total (see `splits`). */
  readonly gain: number;
  readonly splits: readonly (readonly [number, number])[] | null;
  /** Index of the state after the keep. */
  readonly next: number;
  /** The keep used every die (hot dice). */
  readonly hot: boolean;
}

/** One roll outcome (or group of outcomes with the same options) and its chance. */
interface KernelOutcome {
  readonly prob: number;
  readonly options: readonly KernelOption[];
}

/** A turn state: dice available and held sets (bit f-1), with its roll outcomes. */
export interface KernelState {
  readonly dice: number;
  readonly held: number;
  readonly zilch: number;
  readonly outcomes: readonly KernelOutcome[];
  /** The same outcomes in typed arrays when every gain is fixed (the fast path). */
  readonly flat: FlatOutcomes | null;
}

/** Outcomes of one state in typed arrays: options of outcome i are start[i]..start[i+1]−1. */
interface FlatOutcomes {
  readonly prob: Float64Array;
  readonly start: Int32Array;
  readonly gain: Int32Array;
  readonly next: Int32Array;
  readonly hot: Uint8Array;
}

function flatten(outcomes: readonly KernelOutcome[]): FlatOutcomes | null {
  if (outcomes.some((o) => o.options.some((x) => x.gain < 0))) return null;
  const size = outcomes.reduce((n, o) => n + o.options.length, 0);
  const f: FlatOutcomes = {
    prob: new Float64Array(outcomes.map((o) => o.prob)),
    start: new Int32Array(outcomes.length + 1),
    gain: new Int32Array(size),
    next: new Int32Array(size),
    hot: new Uint8Array(size),
  };
  let k = 0;
  outcomes.forEach((o, i) => {
    f.start[i] = k;
    for (const x of o.options) {
      f.gain[k] = x.gain;
      f.next[k] = x.next;
      f.hot[k] = x.hot ? 1 : 0;
      k++;
    }
  });
  f.start[outcomes.length] = k;
  return f;
}

/** Every turn state of a rule set; state `all` (all dice, nothing held) is the start. */
export interface TurnKernel {
  readonly states: readonly KernelState[];
  /** Index of a (dice, held) state, or -1. */
  index(dice: number, held: number): number;
  /** Largest fixed gain of any option, in units. */
  readonly maxGain: number;
}

const kernels = new WeakMap<RuleSet, TurnKernel>();
const kernelsByJson = new Map<string, TurnKernel>();

/**
 * The turn kernel of a rule set, built once and shared by the turn solves (one per streak
 * and opening state) and the last-turn tables: for ten dice it takes most of a second.
 */
export function turnKernel(rules: RuleSet): TurnKernel {
  let k = kernels.get(rules);
  if (k) return k;
  const id = JSON.stringify(rules);
  k = kernelsByJson.get(id);
  if (!k) {
    k = buildKernel(rules);
    if (kernelsByJson.size >= 8) kernelsByJson.delete(kernelsByJson.keys().next().value as string);
    kernelsByJson.set(id, k);
  }
  kernels.set(rules, k);
  return k;
}

/** Builds the turn kernel: grouped outcomes without Hot Dice extensions, per-roll with them. */
function buildKernel(rules: RuleSet): TurnKernel {
  const N = rules.dice;
  const keys: number[] = [];
  const push = (dice: number, held: number): void => void keys.push(dice * 64 + held);
  if (!rules.hotDiceDoubling) for (let n = 1; n <= N; n++) push(n, 0);
  else {
    // A held set takes three kept dice, so at most (N − n) / 3 faces are held with n left.
    const triples = [0, 1, 2, 3, 4, 5].filter((f) => ((rules.ofAKind[f] as number[])[0] ?? 0) > 0);
    for (let n = 1; n <= N; n++)
      for (let mask = 0; mask < 64; mask++) {
        const faces = [0, 1, 2, 3, 4, 5].filter((f) => mask & (1 << f));
        if (faces.some((f) => !triples.includes(f))) continue;
        if (faces.length * 3 <= N - n) push(n, mask);
      }
  }
  const pos = new Map<number, number>(keys.map((k, i) => [k, i]));
  const index = (dice: number, held: number): number => pos.get(dice * 64 + held) ?? -1;
  let maxGain = 0;
  const states: KernelState[] = keys.map((k) => {
    const dice = k >> 6;
    const held = k & 63;
    if (!rules.hotDiceDoubling) {
      const g = allRollGroups(rules)[dice]!;
      const outcomes: KernelOutcome[] = [];
      for (let i = 0; i < g.prob.length; i++) {
        const options: KernelOption[] = [];
        for (let j = g.start[i]; j < g.start[i + 1]; j++) {
          maxGain = Math.max(maxGain, g.gain[j]);
          options.push({
            gain: g.gain[j],
            splits: null,
            next: index(g.next[j], 0),
            hot: g.next[j] === N,
          });
        }
        outcomes.push({ prob: g.prob[i], options });
      }
      return { dice, held, zilch: g.zilch, outcomes, flat: flatten(outcomes) };
    }
    const table = scoringTable(rules);
    const outcomes: KernelOutcome[] = [];
    let zilch = 0;
    for (const counts of multisetsOfSize(dice)) {
      const p = arrangements(counts) / 6 ** dice;
      const info = table.byKey(keyOfCounts(counts), held);
      if (info.zilch) {
        zilch += p;
        continue;
      }
      const options = info.options.map((o): KernelOption => {
        const left = dice - o.dice;
        const hot = left === 0;
        const fixed = o.splits && o.splits.some(([, e]) => e > 0) ? -1 : o.points / UNIT;
        if (fixed > maxGain) maxGain = fixed;
        return {
          gain: fixed,
          splits: fixed < 0 ? o.splits : null,
          next: hot ? index(N, 0) : index(left, held | o.forms),
          hot,
        };
      });
      outcomes.push({ prob: p, options });
    }
    return { dice, held, zilch, outcomes, flat: flatten(outcomes) };
  });
  return { states, index, maxGain };
}

/** Gain in units of an option from a running total in units. */
export function kernelGain(o: KernelOption, total: number): number {
  if (o.gain >= 0) return o.gain;
  let best = -Infinity;
  for (const [b, e] of o.splits!) {
    const g = (total + b / UNIT) * 2 ** e - total;
    if (g > best) best = g;
  }
  return best;
}
