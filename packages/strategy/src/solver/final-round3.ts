import type { FlatGroups } from './groups-flat.ts';
import { sweepAt, sweepTurn, TIE_EPS, turnSweep, type TurnSweep } from './turn-sweep.ts';

/**
 * The final round of a three-player game, exactly: A has banked to the target or beyond; B
 * plays a last turn (and may pass an offer to C), then C plays the game's last turn. Each
 * maximises their own share of the win (a tie shares it) with the running total capped at
 * `cap` units (above it a player banks). Only score differences and the minimums matter:
 * B's tables depend on (A − B, A − C, minimums), C's on (deficit to the best score, how many
 * share it, C's minimum). Tables are built when first asked for and kept.
 */
export class FinalRound3 {
  private readonly N: number;
  /** Highest total of B's roll rows (A's bank) and of C's (B's bank after inheriting). */
  private readonly topB: number;
  private readonly topC: number;
  /** C's roll values only (what a choice reads), rows 0..topC. */
  private readonly cTables = new Map<string, Float64Array>();
  private readonly bTables = new Map<string, TurnSweep>();

  constructor(
    private readonly g: FlatGroups,
    readonly cap: number,
    /** Whether a bank with n dice available passes an offer (dice, or 0 for none). */
    private readonly offerDice: (n: number) => number,
    /** B tables kept (least recently used dropped first); all when omitted. */
    private readonly keep = Infinity,
  ) {
    this.N = g.dice;
    this.topB = cap + g.maxGain;
    this.topC = cap + 2 * g.maxGain;
  }

  /**
   * C's last turn d units behind the best score M (held by k of the others), bank minimum
   * minC: values [C's share, P(C ends above M), P(C ends on M)].
   */
  private cTable(d: number, k: number, minC: number): Float64Array {
    const key = `${d},${k},${minC}`;
    const hit = this.cTables.get(key);
    if (hit) return hit;
    const s = turnSweep(this.g, 3, this.topC);
    const { N } = this;
    const rows = this.topC + this.g.maxGain + 1;
    for (let t = 1; t < rows; t++)
      for (let n = 1; n <= N; n++) {
        const at = sweepAt(s, N, t, n);
        if (t > d) [s.bank[at], s.bank[at + 1], s.bank[at + 2]] = [1, 1, 0];
        else if (t === d) [s.bank[at], s.bank[at + 1], s.bank[at + 2]] = [1 / (k + 1), 0, 1];
      }
    sweepTurn(this.g, s, this.cap, minC);
    // Every C table is kept: B's tables read a few hundred deficits each, over and over.
    this.cTables.set(key, s.R);
    return s.R;
  }

  /** C's choice between a fresh start and an offer (t, n dice; n = 0: none), into `out`. */
  private cChoose(d: number, k: number, minC: number, t: number, n: number, out: number[]): void {
    const R = this.cTable(d, k, minC);
    const { N } = this;
    const f = (N - 1) * 3;
    let at = f;
    if (n > 0) {
      const i = (t * N + n - 1) * 3;
      if (R[i]! > R[f]! + TIE_EPS) at = i;
    }
    out[0] = R[at]!;
    out[1] = R[at + 1]!;
    out[2] = R[at + 2]!;
  }

  /**
   * Values [A, B, C] once B's turn has ended with B `lead` units against A (negative:
   * behind), C `dC` units behind A, and an offer (t, n) to C (n = 0: none).
   */
  private afterB(
    lead: number,
    dC: number,
    minC: number,
    t: number,
    n: number,
    out: number[],
  ): void {
    const aTop = lead <= 0;
    const bTop = lead >= 0;
    const k = aTop && bTop ? 2 : 1;
    const d = bTop ? dC + lead : dC;
    const c = this.scratch;
    this.cChoose(d, k, minC, t, n, c);
    const [vC, win, tie] = [c[0]!, c[1]!, c[2]!];
    const top = tie / (k + 1) + (1 - win - tie) / k;
    out[0] = aTop ? top : 0;
    out[1] = bTop ? top : 0;
    out[2] = vC;
  }
  private readonly scratch: number[] = [0, 0, 0];

  /** B's last turn, values [B, C, A] (B's own first), with A dB ahead of B and dC of C. */
  bTable(dB: number, dC: number, minB: number, minC: number): TurnSweep {
    const key = `${dB},${dC},${minB},${minC}`;
    let s = this.bTables.get(key);
    if (s) return touch(this.bTables, key, s);
    s = turnSweep(this.g, 3, this.topB);
    const { N } = this;
    const v: number[] = [0, 0, 0];
    const rows = this.topB + this.g.maxGain + 1;
    for (let t = 1; t < rows; t++)
      for (let n = 1; n <= N; n++) {
        this.afterB(t - dB, dC, minC, t, this.offerDice(n), v);
        const at = sweepAt(s, N, t, n);
        [s.bank[at], s.bank[at + 1], s.bank[at + 2]] = [v[1]!, v[2]!, v[0]!];
      }
    this.afterB(-dB, dC, minC, 0, 0, v);
    [s.zilch[0], s.zilch[1], s.zilch[2]] = [v[1]!, v[2]!, v[0]!];
    sweepTurn(this.g, s, this.cap, minB);
    remember(this.bTables, key, s, this.keep);
    return s;
  }

  /**
   * Values [A, B, C] of the final round A has just started by banking, A dB units ahead of B
   * and dC ahead of C, with A's offer (t, n; n = 0: none) to B.
   */
  value(
    dB: number,
    dC: number,
    minB: number,
    minC: number,
    t: number,
    n: number,
    out: number[],
  ): void {
    const s = this.bTable(dB, dC, minB, minC);
    const f = sweepAt(s, this.N, 0, this.N);
    let at = f;
    if (n > 0) {
      const i = sweepAt(s, this.N, t, n);
      if (s.R[i]! > s.R[f]! + TIE_EPS) at = i;
    }
    out[0] = s.R[at + 2]!;
    out[1] = s.R[at]!;
    out[2] = s.R[at + 1]!;
  }

  /** Tables built so far (B's and C's). */
  get tables(): number {
    return this.bTables.size + this.cTables.size;
  }
}

function touch<V>(m: Map<string, V>, key: string, v: V): V {
  m.delete(key);
  m.set(key, v);
  return v;
}

function remember<V>(m: Map<string, V>, key: string, v: V, keep: number): void {
  if (m.size >= keep) m.delete(m.keys().next().value as string);
  m.set(key, v);
}
