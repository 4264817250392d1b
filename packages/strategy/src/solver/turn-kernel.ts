import {
  arrangements,
  heldOf,
  keyOfCounts,
  multisetsOfSize,
  NO_SETS,
  optionGain,
  optionSets,
  scoringTable,
  type RollInfo,
  type RuleSet,
} from '@zilch/engine';
import { allRollGroups, UNIT } from './outcomes.ts';
import { memoByRules } from './rules-memo.ts';

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

/**
 * A turn state: dice available and held sets (bit f-1; under set doubling also each held
 * set's points, `sets`), with its roll outcomes.
 */
export interface KernelState {
  readonly dice: number;
  readonly held: number;
  readonly sets: readonly number[];
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
  /** Index of a (dice, held sets) state, or -1; `sets` counts only under set doubling. */
  index(dice: number, held: number, sets?: readonly number[]): number;
  /** Largest fixed gain of any option, in units. */
  readonly maxGain: number;
}

/**
 * The turn kernel of a rule set, built once and shared by the turn solves (one per streak
 * and opening state) and the last-turn tables: for ten dice it takes most of a second.
 */
export const turnKernel: (rules: RuleSet) => TurnKernel = memoByRules(buildKernel, 8);

/** Builds the turn kernel: grouped outcomes without Hot Dice extensions, per-roll with them. */
function buildKernel(rules: RuleSet): TurnKernel {
  if (rules.setDoubling) return buildGrowKernel(rules);
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
      return { dice, held, sets: NO_SETS, zilch: g.zilch, outcomes, flat: flatten(outcomes) };
    }
    const outcomes: KernelOutcome[] = [];
    const { zilch, rolls } = scoringRolls(rules, dice, held);
    for (const { p, info } of rolls) {
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
    return { dice, held, sets: NO_SETS, zilch, outcomes, flat: flatten(outcomes) };
  });
  return { states, index, maxGain };
}

/**
 * The turn kernel under set doubling. A keep's points depend on the held sets' points, so a
 * state is the dice left and the points of each held set; the states are those reachable
 * from a fresh turn (every keep leaves fewer dice, so there are finitely many). Every gain
 * is fixed within a state: the typed-array path serves them all.
 */
function buildGrowKernel(rules: RuleSet): TurnKernel {
  const N = rules.dice;
  const idOf = (dice: number, sets: readonly number[]): string => `${dice}/${sets.join()}`;
  const found: { dice: number; sets: readonly number[] }[] = [];
  const seen = new Map<string, number>();
  const intern = (dice: number, sets: readonly number[]): number => {
    const id = idOf(dice, sets);
    let i = seen.get(id);
    if (i === undefined) {
      i = found.length;
      seen.set(id, i);
      found.push({ dice, sets });
    }
    return i;
  };
  // The start first (hot dice leads back to it), then every count of dice with nothing
  // held, where an offer can start a turn.
  for (let n = N; n >= 1; n--) intern(n, NO_SETS);
  const raw: { zilch: number; outcomes: KernelOutcome[] }[] = [];
  let maxGain = 0;
  for (let i = 0; i < found.length; i++) {
    const { dice, sets } = found[i]!;
    const held = heldOf(sets);
    // Rolls with the same options (points, next state) are one outcome: it keeps the
    // sweeps short (Ten Dice has 3,003 rolls of ten dice but far fewer option lists).
    const groups = new Map<string, KernelOutcome & { prob: number }>();
    const { zilch, rolls } = scoringRolls(rules, dice, held);
    for (const { p, info } of rolls) {
      const byId = new Map<string, KernelOption>();
      for (const o of info.options) {
        const left = dice - o.dice;
        const gain = optionGain(o, 0, sets) / UNIT;
        if (gain > maxGain) maxGain = gain;
        // Hot dice ends every held set.
        const next = left === 0 ? 0 : intern(left, optionSets(o, sets));
        byId.set(`${gain}:${next}`, { gain, splits: null, next, hot: left === 0 });
      }
      const id = [...byId.keys()].sort().join();
      const g = groups.get(id);
      if (g) g.prob += p;
      else groups.set(id, { prob: p, options: [...byId.values()] });
    }
    const outcomes = [...groups.values()];
    raw.push({ zilch, outcomes });
  }
  // Fewest dice first: a keep of no points (a nothing bonus of 0) must find its next state
  // already valued in the same row of a sweep.
  const order = found.map((_, i) => i).sort((a, b) => found[a]!.dice - found[b]!.dice || a - b);
  const rank = new Int32Array(found.length);
  order.forEach((i, r) => (rank[i] = r));
  const states: KernelState[] = order.map((i) => {
    const { dice, sets } = found[i]!;
    const outcomes = raw[i]!.outcomes.map((o) => ({
      prob: o.prob,
      options: o.options.map((x) => ({ ...x, next: rank[x.next]! })),
    }));
    return {
      dice,
      held: heldOf(sets),
      sets,
      zilch: raw[i]!.zilch,
      outcomes,
      flat: flatten(outcomes),
    };
  });
  const index = (dice: number, _held: number, sets: readonly number[] = NO_SETS): number => {
    const i = seen.get(idOf(dice, sets));
    return i === undefined ? -1 : rank[i]!;
  };
  return { states, index, maxGain };
}

/** Every roll of `dice` dice that scores, with its chance and options; and the chance of a zilch. */
function scoringRolls(
  rules: RuleSet,
  dice: number,
  held: number,
): { zilch: number; rolls: { p: number; info: RollInfo }[] } {
  const table = scoringTable(rules);
  const rolls: { p: number; info: RollInfo }[] = [];
  let zilch = 0;
  for (const counts of multisetsOfSize(dice)) {
    const p = arrangements(counts) / 6 ** dice;
    const info = table.byKey(keyOfCounts(counts), held);
    if (info.zilch) zilch += p;
    else rolls.push({ p, info });
  }
  return { zilch, rolls };
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
