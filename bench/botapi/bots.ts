// The bots of the bot-API bench, all in this process on @zilch/client: each listens on its event
// stream, plays every game it starts on that game's stream, and moves by a simple policy. Pairs
// play each other: the even bot of a pair challenges the odd one again whenever their game ends.
// Latency is from the moment a bot sends a move to the moment the OPPONENT's game stream
// delivers the change it made, matched by the change's sequence number.
import { BotApiError, BotClient, type BotChoice, type Move } from '@zilch/client';
import type { BotAccount } from './accounts.ts';

/** What the bots measure, together; only moves sent while `measuring` count, in their own window. */
class BenchStats {
  measuring = false;
  /** The window now measured (moves remember theirs: a late answer never counts in the next one). */
  window = 0;
  /** Moves sent in the window that the server accepted. */
  actions = 0;
  /** Move sent → opponent's stream delivered it (ms). */
  readonly latencies: number[] = [];
  /** Move sent → its answer came back (ms). */
  readonly answers: number[] = [];
  /** Refused or failed calls in the window, by code. */
  readonly errors: Record<string, number> = {};
  /** Moves sent in the window that are neither matched nor failed yet. */
  open = 0;
  /** Moves of the window made before the opponent's stream had opened (in its first full state). */
  early = 0;
  /** Games that started and ended (in the window or not). */
  started = 0;
  finished = 0;

  /** Starts a fresh window. */
  reset(): void {
    this.window++;
    this.actions = 0;
    this.latencies.length = 0;
    this.answers.length = 0;
    for (const k of Object.keys(this.errors)) delete this.errors[k];
    this.open = 0;
    this.early = 0;
  }

  /** The window a move sent now belongs to, or 0 outside the windows. */
  now(): number {
    return this.measuring ? this.window : 0;
  }

  /** Whether a move of window `w` counts (the window is still the current one). */
  counts(w: number): boolean {
    return w !== 0 && w === this.window;
  }

  /** Counts a failure by its code (in the window only). */
  error(e: unknown): void {
    if (!this.measuring) return;
    const code = e instanceof BotApiError ? e.code : 'CLIENT';
    this.errors[code] = (this.errors[code] ?? 0) + 1;
  }
}

/**
 * One game's moves sent and changes seen by the other seat, paired by sequence number. A change
 * made before the other seat's stream opened reaches it inside its first full state, not as a
 * change of its own: such moves are counted as `early`, not as latency samples.
 */
class GameTrack {
  private readonly sent = new Map<number, { t0: number; seat: number; w: number }>();
  private readonly seen = new Map<number, number>();
  /** The sequence number of each seat's first full state, once its stream has opened. */
  private readonly opened: (number | undefined)[] = [undefined, undefined];
  seats = 0;

  constructor(private readonly stats: BenchStats) {}

  private sample(t0: number, t1: number, w: number): void {
    if (!this.stats.counts(w)) return;
    this.stats.latencies.push(t1 - t0);
    this.stats.open--;
  }

  private early(w: number): void {
    if (!this.stats.counts(w)) return;
    this.stats.early++;
    this.stats.open--;
  }

  /** `seat`'s stream sent its first full state, at `seq`. */
  open(seat: number, seq: number): void {
    if (this.opened[seat] !== undefined) return;
    this.opened[seat] = seq;
    for (const [k, v] of this.sent)
      if (v.seat !== seat && k <= seq) {
        this.sent.delete(k);
        this.early(v.w);
      }
  }

  /** The answer to `seat`'s move: change `seq`, sent at `t0`. */
  moved(seq: number, seat: number, t0: number, w: number): void {
    const other = this.opened[1 - seat];
    if (other !== undefined && seq <= other) return this.early(w);
    const t1 = this.seen.get(seq);
    if (t1 === undefined) this.sent.set(seq, { t0, seat, w });
    else {
      this.seen.delete(seq);
      this.sample(t0, t1, w);
    }
  }

  /** The opponent's stream delivered change `seq` at `t1`. */
  delivered(seq: number, t1: number): void {
    const s = this.sent.get(seq);
    if (!s) this.seen.set(seq, t1);
    else {
      this.sent.delete(seq);
      this.sample(s.t0, t1, s.w);
    }
  }
}

/** Keep all scoring dice (the keep with the highest total), bank from 300, else roll on. */
export function decide(choices: readonly BotChoice[]): Move {
  const keeps = choices.filter((c) => c.move.type === 'keep');
  if (keeps.length > 0) {
    const best = keeps.reduce((a, b) => (b.total > a.total ? b : a));
    const dice = best.move.type === 'keep' ? String(best.move.dice) : '';
    const same = (then: 'bank' | 'roll') =>
      keeps.find(
        (c) => c.move.type === 'keep' && c.move.then === then && String(c.move.dice) === dice,
      );
    const pick = (best.total >= 300 ? same('bank') : same('roll')) ?? best;
    return pick.move;
  }
  const bank = choices.find((c) => c.move.type === 'bank');
  if (bank && bank.total >= 300) return bank.move;
  const on = choices.find((c) => c.move.type === 'roll' || c.move.type === 'fresh');
  return (on ?? (choices[0] as BotChoice)).move;
}

/** Every bot of the bench, paired: bot 2k challenges bot 2k+1. */
export class BotFleet {
  readonly stats = new BenchStats();
  private readonly abort = new AbortController();
  private readonly tracks = new Map<string, GameTrack>();
  private readonly clients: BotClient[];
  private readonly playing = new Set<string>();

  /** `thinkMs`: each move waits 0.5–1.5 × this first (0: as fast as the answers come). */
  constructor(
    url: string,
    private readonly bots: readonly BotAccount[],
    private readonly rules: string,
    private readonly thinkMs = 0,
  ) {
    this.clients = bots.map((b) => new BotClient({ server: url, token: b.token, retryMs: 200 }));
  }

  /** Games in play now (each counted once). */
  get games(): number {
    return this.tracks.size;
  }

  /** Opens every bot's event stream and sends the first challenge of each pair. */
  start(): void {
    this.clients.forEach((_, i) => void this.listen(i));
    for (let i = 0; i + 1 < this.clients.length; i += 2) void this.challenge(i);
  }

  /** Ends every stream. */
  stop(): void {
    this.abort.abort();
  }

  private async challenge(i: number): Promise<void> {
    if (this.abort.signal.aborted) return;
    try {
      const to = this.bots[i + 1] as BotAccount;
      await (this.clients[i] as BotClient).challenge({ to: { userId: to.id }, rules: this.rules });
    } catch (e) {
      this.stats.error(e);
    }
  }

  /** A bot's event stream: accepts its partner's challenges and plays the games that start. */
  private async listen(i: number): Promise<void> {
    const client = this.clients[i] as BotClient;
    try {
      for await (const e of client.events(this.abort.signal)) {
        if (e.type === 'challenge' && e.challenge.to.id === this.bots[i]?.id) {
          const g = await client.accept(e.challenge.id).catch((err: unknown) => {
            this.stats.error(err);
            return null;
          });
          if (g) void this.play(i, g.gameId, g.seat);
        } else if (e.type === 'gameStart') void this.play(i, e.gameId, e.seat);
      }
    } catch (e) {
      if (!this.abort.signal.aborted) this.stats.error(e);
    }
  }

  /** Plays one seat of a game from its stream to the end; the challenger then challenges again. */
  private async play(i: number, gameId: string, seat: number): Promise<void> {
    const key = `${gameId}/${seat}`;
    if (this.playing.has(key) || this.abort.signal.aborted) return;
    this.playing.add(key);
    const client = this.clients[i] as BotClient;
    let track = this.tracks.get(gameId);
    if (!track) {
      track = new GameTrack(this.stats);
      this.tracks.set(gameId, track);
      this.stats.started++;
    }
    track.seats++;
    try {
      for await (const line of client.game(gameId, { signal: this.abort.signal })) {
        if (line.type === 'closed') break;
        if (line.type === 'gameFull') track.open(seat, line.seq);
        if (line.type === 'gameState' && line.action.seat !== seat)
          track.delivered(line.seq, performance.now());
        // Not awaited: this stream is read on while the move is out, so a change reaching this
        // bot is stamped when it arrives, not when the bot's own answer came back.
        if (line.choices && line.choices.length > 0)
          void this.move(client, gameId, seat, track, line.choices);
      }
    } catch (e) {
      if (!this.abort.signal.aborted) this.stats.error(e);
    } finally {
      this.playing.delete(key);
      if (--track.seats === 0) {
        this.tracks.delete(gameId);
        this.stats.finished++;
      }
    }
    // Keep the pair's table busy: the challenger sends the next challenge once its game is over.
    if (i % 2 === 0) void this.challenge(i);
  }

  private async move(
    client: BotClient,
    gameId: string,
    seat: number,
    track: GameTrack,
    choices: readonly BotChoice[],
  ): Promise<void> {
    if (this.thinkMs > 0)
      await new Promise((r) => setTimeout(r, this.thinkMs * (0.5 + Math.random())));
    const w = this.stats.now();
    if (w) this.stats.open++;
    const t0 = performance.now();
    try {
      const r = await client.move(gameId, decide(choices));
      if (this.stats.counts(w)) {
        this.stats.actions++;
        this.stats.answers.push(performance.now() - t0);
      }
      track.moved(r.seq, seat, t0, w);
    } catch (e) {
      if (this.stats.counts(w)) this.stats.open--;
      // A stale view (409) is answered by a full state on the stream, decided on again.
      this.stats.error(e);
    }
  }
}
