import type { Action, GameState } from '@zilch/engine';
import type { Logger } from 'pino';
import type { GameService } from '../games/service.ts';
import { seedOf } from '../games/tokens.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { GameStore } from '../store/game-store.ts';
import type { GameRecord } from '../store/records.ts';
import { absentVerdict, interventionAt } from '../timers/deadline.ts';
import { fallbackBot, makeBot, type Decider } from './bot-source.ts';

/** Options of the driver. */
export interface DriverOptions {
  readonly service: GameService;
  readonly store: GameStore;
  readonly connected: (gameId: string) => Set<number>;
  readonly node: string;
  readonly leaseMs: number;
  readonly botDelayMs: number;
  readonly absentGraceMs: number;
  readonly logger: Logger;
  readonly metrics: Metrics;
}

/**
 * Plays bot seats and enforces turn timers for the games whose lease this process holds. Every
 * move it makes carries a client id derived from the game's position (`bot:<seq>`), in a
 * namespace players may not use, so a move made twice during a lease handover is applied once.
 */
export class Driver {
  private readonly owned = new Set<string>();
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly bots = new Map<string, Decider>();
  private readonly leaseTried = new Map<string, number>();
  private ticker: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly o: DriverOptions) {}

  /** Starts renewing leases and picking up games left by stopped processes. */
  async start(): Promise<void> {
    await this.tick();
    this.ticker = setInterval(
      () => void this.tick(),
      Math.max(250, Math.floor(this.o.leaseMs / 3)),
    );
    this.ticker.unref();
  }

  /** Stops driving and hands the leases back so another process takes over at once; returns the games it drove. */
  async stop(): Promise<string[]> {
    this.stopped = true;
    if (this.ticker) clearInterval(this.ticker);
    for (const t of this.pending.values()) clearTimeout(t);
    this.pending.clear();
    await this.o.store.releaseLeases(this.o.node).catch(() => undefined);
    return [...this.owned];
  }

  /** Another process handed these games back (it is stopping): try for their leases now, not at the next tick. */
  takeOver(gameIds: readonly string[]): void {
    for (const id of gameIds) {
      this.leaseTried.delete(id);
      void this.changed(id).catch((e: unknown) =>
        this.o.logger.warn({ err: e, gameId: id }, 'could not take up a released game'),
      );
    }
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    try {
      const held = await this.o.store.renewLeases(this.o.node, this.o.leaseMs);
      const ids = new Set(held.map((h) => h.gameId));
      for (const id of this.owned) if (!ids.has(id)) this.drop(id);
      const adopted = [...ids].filter((id) => !this.owned.has(id));
      // A game driven here whose copy in memory is behind the store missed another process's
      // invalidation (lost while a process restarted): without this it would wait for ever
      // on a turn that was played elsewhere.
      const behind = held
        .filter((h) => this.owned.has(h.gameId))
        .filter((h) => (this.o.service.cachedVersion(h.gameId) ?? h.version) < h.version)
        .map((h) => h.gameId);
      for (const id of adopted) this.owned.add(id);
      void this.adopt([...adopted, ...behind]);
      this.o.metrics.gamesDriven.set(this.owned.size);
    } catch (e) {
      this.o.logger.warn({ err: e }, 'lease renewal failed');
    }
  }

  /**
   * Takes up games whose leases were just won, one at a time with a turn of the event loop in
   * between: after a restart there may be hundreds, and replaying them all at once would keep
   * the server from answering (readiness, players) until every one was loaded.
   */
  private async adopt(ids: string[]): Promise<void> {
    for (const id of ids) {
      if (this.stopped) return;
      // A lease taken over from a process that died may come with a cached copy that
      // missed that process's last actions: drive the game from the store's version.
      try {
        await this.o.service.refresh(id);
        await this.schedule(id);
      } catch (e) {
        this.o.logger.warn({ err: e, gameId: id }, 'could not take up a game');
      }
      await new Promise<void>((r) => setImmediate(r));
    }
  }

  private drop(id: string): void {
    this.owned.delete(id);
    const t = this.pending.get(id);
    if (t) clearTimeout(t);
    this.pending.delete(id);
    // A game this process no longer drives needs no bots here; keeping them grew memory without bound.
    for (const key of this.bots.keys()) if (key.startsWith(`${id}:`)) this.bots.delete(key);
    this.leaseTried.delete(id);
  }

  /** Something changed in a game (here, in another process, or its presence): decide what comes next. */
  async changed(gameId: string): Promise<void> {
    if (this.stopped) return;
    if (!this.owned.has(gameId)) {
      const last = this.leaseTried.get(gameId) ?? 0;
      if (Date.now() - last < this.o.leaseMs / 3) return;
      this.leaseTried.set(gameId, Date.now());
      if (this.leaseTried.size > 10_000) this.leaseTried.clear();
      if (!(await this.o.store.tryLease(gameId, this.o.node, this.o.leaseMs))) return;
      this.owned.add(gameId);
      // Another process drove this game until now, and this one's cached copy may have missed
      // its last change (an invalidation lost while either process restarted): drive it from
      // the store's version, as after adopting a lease.
      await this.o.service.refresh(gameId);
    }
    await this.schedule(gameId);
  }

  private async schedule(gameId: string): Promise<void> {
    const old = this.pending.get(gameId);
    if (old) clearTimeout(old);
    this.pending.delete(gameId);
    const snap = await this.o.service.snapshot(gameId);
    if (!snap || snap.record.status === 'over') {
      this.drop(gameId);
      return;
    }
    const { record, state } = snap;
    if (record.status !== 'playing' || !state) return;
    const seat = record.seats[state.current];
    if (seat?.kind === 'bot') {
      this.later(gameId, this.o.botDelayMs, () => this.botMove(gameId));
      return;
    }
    const at = interventionAt(record, state, this.o.connected(gameId), this.o.absentGraceMs);
    if (at !== null) this.later(gameId, Math.max(0, at - Date.now()), () => this.expire(gameId));
  }

  private later(gameId: string, ms: number, fn: () => Promise<void>): void {
    const t = setTimeout(() => {
      this.pending.delete(gameId);
      fn().catch((e) => {
        this.o.logger.error({ err: e, gameId }, 'driver step failed');
        this.later(gameId, 1000, () => this.schedule(gameId));
      });
    }, ms);
    this.pending.set(gameId, t);
  }

  private bot(record: GameRecord, seat: number, id: string): Decider {
    const key = `${record.id}:${seat}:${id}`;
    let b = this.bots.get(key);
    if (!b) {
      b = makeBot(id, record.rules, seedOf(key));
      if (this.bots.size > 20_000) this.bots.clear();
      this.bots.set(key, b);
    }
    return b;
  }

  /**
   * Plays one move for the seat on turn: its bot, the fallback if the bot errs, a timeout as last
   * resort. Server moves carry ids in a namespace players may not use (`bot:`, `absent:`,
   * `timer:`), derived from the position so a move made twice during a lease handover is applied
   * once. An id found taken by another move (a log from before the namespace was reserved) is
   * retried under a fresh suffix; and if the game still has not moved, it is looked at again
   * shortly, so a seat the server plays can never be frozen.
   */
  private async play(
    record: GameRecord,
    state: GameState,
    botId: string,
    actor: 'bot' | 'absent',
  ): Promise<void> {
    const seat = state.current;
    const tag = `${actor}:${record.seq}`;
    let chosen: Action | null = null;
    try {
      chosen = await this.bot(record, seat, botId).decide(state);
    } catch (e) {
      this.o.logger.warn({ err: e, gameId: record.id }, 'bot failed to decide');
    }
    // The decision may have taken a while: only play it on the position it was made for.
    const now = await this.o.service.snapshot(record.id);
    if (!now?.state || now.record.seq !== record.seq || now.record.status !== 'playing') return;
    const attempts: [string, () => Action][] = [
      ...(chosen ? [[tag, () => chosen] as [string, () => Action]] : []),
      [`${tag}:fallback`, () => fallbackBot.decide(state)],
    ];
    for (const [clientId, decide] of attempts) {
      let action: Action;
      try {
        action = decide();
      } catch (e) {
        this.o.logger.warn({ err: e, gameId: record.id }, 'bot failed to decide');
        continue;
      }
      const r = await this.serverMove(record, seat, clientId, action, actor);
      if (r === 'done') return;
    }
    await this.serverMove(record, seat, `timer:${record.seq}`, { type: 'timeout', seat }, 'timer');
  }

  /**
   * Sends one server move; 'done' when it was applied (here or by another process) or the turn
   * has passed, 'refused' when the next fallback should be tried.
   */
  private async serverMove(
    record: GameRecord,
    seat: number,
    clientId: string,
    action: Action,
    actor: 'bot' | 'absent' | 'timer',
  ): Promise<'done' | 'refused'> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const id = attempt === 0 ? clientId : `${clientId}:r${attempt}`;
      const r = await this.o.service.act(record.id, seat, id, action, actor);
      this.o.metrics.actions.inc({ result: r.ok ? 'accepted' : 'refused', actor });
      if (!r.ok) {
        if (r.error.code === 'BUSY') return this.retryLater(record.id);
        if (r.error.code === 'NOT_YOUR_TURN' || r.error.code === 'GAME_OVER') return 'done';
        this.o.logger.warn({ gameId: record.id, error: r.error }, 'bot move refused');
        return 'refused';
      }
      // Repeated at the very next seq: this move, already made (a lease handover). Repeated at
      // another seq: the id was taken by an earlier move, so this one was not made.
      if (!r.value.repeated || r.value.seq === record.seq + 1) return 'done';
      this.o.logger.warn({ gameId: record.id, clientId: id }, 'server move id already used');
    }
    return this.retryLater(record.id);
  }

  /** Looks at a game again in a second: a server move that did not happen must happen later. */
  private retryLater(gameId: string): 'done' {
    if (!this.stopped && !this.pending.has(gameId))
      this.later(gameId, 1000, () => this.schedule(gameId));
    return 'done';
  }

  private async botMove(gameId: string): Promise<void> {
    const snap = await this.o.service.snapshot(gameId);
    if (!snap?.state || snap.record.status !== 'playing') return;
    const seat = snap.record.seats[snap.state.current];
    if (seat?.kind !== 'bot' || !seat.bot) return void (await this.schedule(gameId));
    await this.play(snap.record, snap.state, seat.bot, 'bot');
    await this.stillStuck(snap.record);
  }

  /** After a server move: if the game has not moved on (and no step is pending), look again soon. */
  private async stillStuck(before: GameRecord): Promise<void> {
    const now = await this.o.service.snapshot(before.id);
    if (now?.record.status === 'playing' && now.record.seq === before.seq)
      this.retryLater(before.id);
  }

  /**
   * The seat on turn ran out of time (or is absent): under the table's absence rule the game may
   * be called off or forfeited; otherwise the absent-player bot plays, else the turn times out.
   */
  private async expire(gameId: string): Promise<void> {
    const snap = await this.o.service.snapshot(gameId);
    if (!snap?.state || snap.record.status !== 'playing') return;
    const { record, state, entries } = snap;
    const at = interventionAt(record, state, this.o.connected(gameId), this.o.absentGraceMs);
    if (at === null || at > Date.now()) return void (await this.schedule(gameId));
    const verdict = absentVerdict(record.absence, entries, state.current);
    if (verdict) {
      const seat = state.current;
      // Same id as the timeout it replaces: a handover that repeats the step applies it once.
      await this.serverMove(record, seat, `timer:${record.seq}`, { type: verdict, seat }, 'timer');
      this.o.logger.info({ gameId, seat, verdict }, 'absent player: game ended');
    } else if (record.absentBot) await this.play(record, state, record.absentBot, 'absent');
    else {
      const seat = state.current;
      await this.serverMove(
        record,
        seat,
        `timer:${record.seq}`,
        { type: 'timeout', seat },
        'timer',
      );
    }
    await this.stillStuck(record);
  }
}
