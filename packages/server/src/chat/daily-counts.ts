// Counts per key and UTC day with a cap, kept in memory: each process counts its own, so with N
// processes one key may reach N times the cap; a day's counts go when the day does.

/** Keys counted at most; past it the day's counts start afresh (a flood of addresses). */
const MAX_KEYS = 100_000;

/** A per-day cap on something each key does (reports per reporter). */
export class DailyCounts {
  private day = -1;
  private readonly counts = new Map<string, number>();

  constructor(private readonly cap: number) {}

  /** Counts one for every key if none of them reached the cap today; false (nothing counted) if one did. */
  spend(keys: readonly string[], now = Date.now()): boolean {
    const day = Math.floor(now / 86_400_000);
    if (day !== this.day || this.counts.size > MAX_KEYS) {
      this.day = day;
      this.counts.clear();
    }
    if (keys.some((k) => (this.counts.get(k) ?? 0) >= this.cap)) return false;
    for (const k of keys) this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
    return true;
  }
}
