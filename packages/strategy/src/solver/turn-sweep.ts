import type { FlatGroups } from './groups-flat.ts';

/**
 * Options whose value for the player on turn is within this of the best count as tied;
 * ties go to the first in a fixed order (bank before roll, keeps most points first, then
 * fewest dice left, fresh before inherit), so every player's policy is deterministic and the
 * other players' values do not hang on rounding.
 */
export const TIE_EPS = 1e-12;

/**
 * One turn of a game with K values per state (component 0 the player on turn's, the others
 * whoever else is scored), for a fixed bank payoff and zilch payoff: the player maximises
 * component 0 and the other components follow the chosen policy.
 * Layout: state (t, n) at index `(t · N + n − 1) · K`.
 */
export interface TurnSweep {
  readonly K: number;
  /** Roll values, rows t = 0..top. */
  readonly R: Float64Array;
  /** Decision values (after a keep), rows t = 0..top + maxGain. */
  readonly D: Float64Array;
  /** Bank values, rows t = 0..top + maxGain (row 0 unused); filled by the caller. */
  readonly bank: Float64Array;
  /** The zilch payoff; filled by the caller. */
  readonly zilch: Float64Array;
  readonly top: number;
}

/** Allocates the arrays of a turn sweep over totals 0..top. */
export function turnSweep(g: FlatGroups, K: number, top: number): TurnSweep {
  const N = g.dice;
  const rows = top + g.maxGain + 1;
  return {
    K,
    R: new Float64Array((top + 1) * N * K),
    D: new Float64Array(rows * N * K),
    bank: new Float64Array(rows * N * K),
    zilch: new Float64Array(K),
    top,
  };
}

/**
 * Solves the turn backwards over the total: R(t, n) = P(zilch)·zilch + Σ p · D(best keep),
 * D(t, n) = bank when t > cap (a forced bank), else the better of bank (t ≥ min) and R.
 * Every keep adds points, so one sweep from the top row down is exact.
 */
export function sweepTurn(g: FlatGroups, s: TurnSweep, cap: number, min: number): void {
  const N = g.dice;
  const { K, R, D, bank, zilch, top } = s;
  const rows = top + g.maxGain + 1;
  for (let t = cap + 1; t < rows; t++) {
    const o = t * N * K;
    for (let i = 0; i < N * K; i++) D[o + i] = bank[o + i]!;
  }
  const acc = new Float64Array(K);
  for (let t = top; t >= 0; t--) {
    for (let n = 1; n <= N; n++) {
      const z = g.zilch[n]!;
      for (let k = 0; k < K; k++) acc[k] = z * zilch[k]!;
      for (let q = g.gFrom[n]!; q < g.gFrom[n + 1]!; q++) {
        const from = g.oFrom[q]!;
        let bestAt = ((t + g.gain[from]!) * N + g.next[from]! - 1) * K;
        let best = D[bestAt]!;
        for (let j = from + 1; j < g.oFrom[q + 1]!; j++) {
          const at = ((t + g.gain[j]!) * N + g.next[j]! - 1) * K;
          const v = D[at]!;
          if (v > best + TIE_EPS) {
            best = v;
            bestAt = at;
          }
        }
        const p = g.prob[q]!;
        for (let k = 0; k < K; k++) acc[k] += p * D[bestAt + k]!;
      }
      const at = (t * N + n - 1) * K;
      for (let k = 0; k < K; k++) R[at + k] = acc[k]!;
      if (t > cap) continue;
      const useBank = t > 0 && t >= min && bank[at]! >= acc[0]! - TIE_EPS;
      for (let k = 0; k < K; k++) D[at + k] = useBank ? bank[at + k]! : acc[k]!;
    }
  }
}

/** Index of state (t, n) in a sweep's arrays. */
export function sweepAt(s: TurnSweep, N: number, t: number, n: number): number {
  return (t * N + n - 1) * s.K;
}
