/** Which seats have a live connection, on this process and (through the bus) on the others. */
export class Presence {
  private readonly local = new Map<string, Map<number, number>>();
  private readonly remote = new Map<string, Map<string, { seats: number[]; at: number }>>();

  /** @param staleMs how long another process's report counts without being repeated. */
  constructor(private readonly staleMs = Infinity) {}

  /** Counts a connection of a seat on this process; returns the seats now connected here. */
  add(gameId: string, seat: number): number[] {
    const m = this.local.get(gameId) ?? new Map<number, number>();
    m.set(seat, (m.get(seat) ?? 0) + 1);
    this.local.set(gameId, m);
    return [...m.keys()];
  }

  /** Forgets one connection of a seat on this process; returns the seats still connected here. */
  remove(gameId: string, seat: number): number[] {
    const m = this.local.get(gameId);
    if (!m) return [];
    const n = (m.get(seat) ?? 0) - 1;
    if (n > 0) m.set(seat, n);
    else m.delete(seat);
    if (m.size === 0) this.local.delete(gameId);
    return [...m.keys()];
  }

  /** Records what another process reported for a game; says whether the connected seats changed. */
  setRemote(gameId: string, node: string, seats: number[]): boolean {
    const before = [...this.connected(gameId)].sort().join();
    const m = this.remote.get(gameId) ?? new Map<string, { seats: number[]; at: number }>();
    if (seats.length === 0) m.delete(node);
    else m.set(node, { seats, at: Date.now() });
    if (m.size === 0) this.remote.delete(gameId);
    else this.remote.set(gameId, m);
    return [...this.connected(gameId)].sort().join() !== before;
  }

  /** Seats connected anywhere. */
  connected(gameId: string): Set<number> {
    const out = new Set<number>(this.local.get(gameId)?.keys() ?? []);
    const fresh = Date.now() - this.staleMs;
    for (const r of this.remote.get(gameId)?.values() ?? []) {
      if (r.at >= fresh) for (const s of r.seats) out.add(s);
    }
    return out;
  }

  /** Every game with connections on this process, with its connected seats (to re-announce them). */
  localGames(): [string, number[]][] {
    return [...this.local].map(([id, m]) => [id, [...m.keys()]]);
  }
}
