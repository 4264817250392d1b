/** Default memory for cached pair roll values: about 4,000 pairs of Serendipity Creak. */
export const ROLL_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The bytes of pair roll values every solution of this thread caches together, least recently
 * used dropped first: with all presets loaded, the advisor's caches stay within one budget
 * instead of one per solution.
 */
class RollBudget {
  /** Most bytes kept (default 64 MB). */
  bytes = ROLL_CACHE_BYTES;
  used = 0;
  private readonly order = new Map<PairRolls, () => void>();

  add(r: PairRolls, drop: () => void): void {
    this.order.set(r, drop);
    this.used += r.R.byteLength;
    while (this.used > this.bytes && this.order.size > 1)
      (this.order.values().next().value as () => void)();
  }

  touch(r: PairRolls): void {
    const drop = this.order.get(r);
    if (!drop) return;
    this.order.delete(r);
    this.order.set(r, drop);
  }

  remove(r: PairRolls): void {
    if (this.order.delete(r)) this.used -= r.R.byteLength;
  }
}

/** This thread's budget for cached pair roll values, shared by every solution. */
const rollBudget = new RollBudget();

/**
 * One solution's cache of pair roll values by pair id, least recently used dropped first: at
 * most the solution's `rollCacheBytes` of its own, and within this thread's budget shared by
 * every solution.
 */
export class RollCache {
  private readonly map = new Map<number, PairRolls>();
  private used = 0;

  /** A pair's roll values if cached (now the most recently used). */
  get(id: number): PairRolls | undefined {
    const hit = this.map.get(id);
    if (hit) {
      this.map.delete(id);
      this.map.set(id, hit);
      rollBudget.touch(hit);
    }
    return hit;
  }

  /** Caches a pair's roll values, first dropping the least recently used beyond `bytes`. */
  add(id: number, r: PairRolls, bytes: number): void {
    while (this.used + r.R.byteLength > bytes && this.map.size > 0)
      this.drop(this.map.keys().next().value as number);
    this.map.set(id, r);
    this.used += r.R.byteLength;
    rollBudget.add(r, () => this.drop(id));
  }

  /** Empties the cache (and its share of the thread's budget). */
  clear(): void {
    for (const r of this.map.values()) rollBudget.remove(r);
    this.map.clear();
    this.used = 0;
  }

  private drop(id: number): void {
    const r = this.map.get(id);
    if (!r) return;
    this.map.delete(id);
    this.used -= r.R.byteLength;
    rollBudget.remove(r);
  }
}

/** Roll values of one pair at its solved zilch value: rows 0..top, then the stationary row. */
export class PairRolls {
  constructor(
    readonly top: number,
    readonly stat: boolean,
    readonly N: number,
    /** (top + 2) rows of N; the last is the stationary row (or unused). */
    readonly R: Float64Array,
  ) {}

  /** Roll value at total t with n dice (stationary rows included). */
  roll(t: number, n: number): number {
    return this.R[(t > this.top ? this.top + 1 : t) * this.N + n - 1]!;
  }
}
