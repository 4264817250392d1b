// Practice: a game against a chosen bot, never rated, where the practising seat may ask for a hint
// — the coach's ranking for the decision in front of it — and the server counts the hints it used.
import type { GameState } from '@zilch/engine';
import type { Advice, Hint, Practice, PracticeBody, PracticeCreated } from '@zilch/protocol';
import type { Advice as Ranked, PoolResult } from '@zilch/strategy/node';
import { ok, refuse, type Result } from '../games/errors.ts';
import type { GameService } from '../games/service.ts';
import type { PracticeStore } from './store.ts';

/** Ranks one position in a strategy thread (the coach's `adviceFor`). */
export type HintRanker = (state: GameState) => Promise<PoolResult<Ranked>>;

// The practising player sits first; the bot second.
const PRACTICE_SEAT = 0;

const notPractice = () =>
  refuse(
    'NOT_PRACTICE',
    'Hints are for practice games: this table is not one (turn the coach on instead).',
    409,
  );

/** Practice games: their creation, their hints, and the count kept with each game. */
export class PracticeService {
  constructor(
    private readonly store: PracticeStore,
    private readonly games: GameService,
    private readonly rank: HintRanker,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new practice table: you (seat 0, to claim) against the chosen bot; never rated. */
  async create(body: PracticeBody): Promise<Result<PracticeCreated>> {
    const name = body.name?.trim() || 'You';
    const r = await this.games.create({
      rules: body.rules,
      seats: [
        { kind: 'human', name },
        { kind: 'bot', bot: body.bot },
      ],
      rated: false,
    });
    if (!r.ok) return r;
    await this.store.add(r.value.gameId, PRACTICE_SEAT, body.bot, this.now());
    return ok({ created: r.value, seat: PRACTICE_SEAT });
  }

  /** A practice game's seat, bot and hints used; NOT_PRACTICE for any other table. */
  async get(gameId: string): Promise<Result<Practice>> {
    const row = await this.store.get(gameId);
    if (row) return ok(row);
    if (!(await this.games.snapshot(gameId)))
      return refuse('NOT_FOUND', 'There is no such game.', 404);
    return notPractice();
  }

  /** A rematch of a practice game is practice too (its hints start again from none). */
  async carry(gameId: string, rematchId: string): Promise<void> {
    const row = await this.store.get(gameId);
    if (row && !(await this.store.get(rematchId)))
      await this.store.add(rematchId, row.seat, row.bot, this.now()).catch(() => undefined);
  }

  /**
   * The coach for the practising seat's decision now, counted once per decision. Refused on a
   * table that is not practice, for another seat's token, and when it is not that seat's turn.
   */
  async hint(gameId: string, token: string): Promise<Result<Hint>> {
    const game = await this.get(gameId);
    if (!game.ok) return game;
    const seat = await this.games.seatOf(gameId, token);
    if (seat === null || seat === 'spectator')
      return refuse('UNAUTHORIZED', 'This link does not open a seat of this game.', 403);
    if (seat !== game.value.seat)
      return refuse('NOT_PRACTICE', 'Hints are for the practising seat only.', 403);
    const view = await this.games.viewFor(gameId, token);
    if (!view.ok) return view;
    const v = view.value;
    if (v.status === 'over') return refuse('GAME_OVER', 'The game is over: no hint to give.', 409);
    if (v.status !== 'playing' || v.state.current !== seat)
      return refuse('NOT_YOUR_TURN', 'A hint is for your own decision: wait for your turn.', 409);
    const r = await this.rank(v.state);
    if (!r.ok)
      return r.code === 'BUSY'
        ? refuse('BUSY', 'The coach is busy: ask for the hint again in a moment.', 503)
        : refuse('BAD_STATE', `The coach could not read this position: ${r.message}`, 400);
    // Counted only once the hint is in hand: a refused or failed ask costs nothing.
    const hints = await this.store.countHint(gameId, v.seq);
    return ok({ seq: v.seq, hints, advice: wire(r.value, r) });
  }
}

/** The coach's ranking as the protocol sends it (the server's own moves never appear). */
function wire(ranked: Ranked, r: { note: string | null; winEtaSeconds?: number }): Advice {
  return {
    kind: ranked.kind,
    options: ranked.options.flatMap(({ move, ...o }) =>
      move.type === 'timeout' || move.type === 'forfeit' || move.type === 'abort'
        ? []
        : [{ ...o, move }],
    ),
    ...(r.note ? { note: r.note } : {}),
    ...(r.winEtaSeconds ? { winEtaSeconds: r.winEtaSeconds } : {}),
  };
}
