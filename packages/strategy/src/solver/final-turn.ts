import type { FlatGroups } from './groups-flat.ts';

/**
 * The last turn of a two-player final round. The player must end it with a bank beating
 * the leader (a tie shares the win: worth ½). Only the deficit to the winning total matters,
 * so one table per "tie possible" flag serves every pair of scores:
 * d = (winning total) − (running total); d ≤ 0 wins on any keep; at d = 1 with ties possible
 * the player may bank for ½.
 */
export class FinalTurn {
  private readonly N: number;
  /** Roll value by deficit d ≥ 1 (row d, column n−1), with and without the tie option. */
  private readonly tie: Float64Array;
  private readonly noTie: Float64Array;
  readonly maxDeficit: number;

  constructor(
    private readonly g: FlatGroups,
    maxDeficit: number,
  ) {
    this.N = g.dice;
    this.maxDeficit = maxDeficit;
    this.tie = this.build(maxDeficit, true);
    this.noTie = this.build(maxDeficit, false);
  }

  private build(maxD: number, tie: boolean): Float64Array {
    const { N, g } = this;
    const R = new Float64Array((maxD + 1) * N);
    for (let d = 1; d <= maxD; d++) {
      for (let n = 1; n <= N; n++) {
        let v = 0;
        for (let k = g.gFrom[n]!; k < g.gFrom[n + 1]!; k++) {
          let best = 0;
          for (let j = g.oFrom[k]!; j < g.oFrom[k + 1]!; j++) {
            const dd = d - g.gain[j]!;
            const nn = g.next[j]!;
            let w: number;
            if (dd <= 0) w = 1;
            else {
              w = R[dd * N + nn - 1]!;
              if (tie && dd === 1 && w < 0.5) w = 0.5;
            }
            if (w > best) best = w;
          }
          v += g.prob[k]! * best;
        }
        R[d * N + n - 1] = v;
      }
    }
    return R;
  }

  /** Roll value with deficit d and n dice. */
  roll(d: number, n: number, tie: boolean): number {
    if (d <= 0) return 1 - this.g.zilch[n]!;
    if (d > this.maxDeficit) throw new Error(`final-turn deficit ${d} beyond ${this.maxDeficit}`);
    return (tie ? this.tie : this.noTie)[d * this.N + n - 1]!;
  }

  /** Smallest roll value over every number of dice at deficit d. */
  lowestInherit(d: number, tie: boolean): number {
    let m = Infinity;
    for (let n = 1; n <= this.N; n++) m = Math.min(m, this.roll(d, n, tie));
    return m;
  }

  /** First deficit ≥ from at which a fresh start (all dice) is worth at most v, or null. */
  firstAtMost(v: number, tie: boolean, from: number): number | null {
    for (let d = Math.max(from, 1); d <= this.maxDeficit; d++)
      if (this.roll(d, this.N, tie) <= v) return d;
    return null;
  }

  /**
   * Value of the last turn for a player `need` units behind the leader who must bank at
   * least `min` units, with an optional offer (units, dice).
   */
  value(need: number, min: number, offerT: number, offerN: number): number {
    const tie = need >= min;
    const w = tie ? need + 1 : min;
    const fresh = this.roll(w, this.N, tie);
    if (offerN <= 0) return fresh;
    const inherit = this.roll(w - offerT, offerN, tie);
    return inherit > fresh ? inherit : fresh;
  }
}
