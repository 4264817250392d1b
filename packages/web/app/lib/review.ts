import {
  applyAction,
  createGame,
  recordedDice,
  type Action,
  type GameEvent,
  type GameLog,
  type GameState,
} from '@zilch/engine';
import type { Advice, AdviceOption } from '@zilch/protocol';
import { plural } from './words.ts';

/** One decision of the game: the position, what was done, and whether it opened a turn. */
export interface Decision {
  index: number;
  state: GameState;
  action: Action;
  turnStart: boolean;
  turn: number;
  /** The turn of the turn list (`turnLines`, counted from 1) the decision was taken in. */
  line: number;
}

/**
 * Replays a log and returns every decision with the position it was taken in, and every event
 * (for the turn list, drawn before any analysis).
 */
export function decisionsOf(log: GameLog): {
  decisions: Decision[];
  final: GameState | null;
  events: GameEvent[];
} {
  const created = createGame(log.rules, log.players, recordedDice(log.setupDice));
  if (!created.ok) return { decisions: [], final: null, events: [] };
  let state = created.state;
  const events: GameEvent[] = created.events.slice();
  const decisions: Decision[] = [];
  let lastTurn = -1;
  const started = () => events.filter((e) => e.type === 'turn-started').length;
  let line = started();
  for (const [index, entry] of log.entries.entries()) {
    // Server moves (a timeout, forfeit or abort) are not the player's decisions to grade.
    const t = entry.action.type;
    if (t !== 'timeout' && t !== 'forfeit' && t !== 'abort') {
      decisions.push({
        index,
        state,
        action: entry.action,
        turnStart: state.turnNumber !== lastTurn,
        turn: state.turnNumber,
        line,
      });
    }
    lastTurn = state.turnNumber;
    const r = applyAction(state, entry.action, recordedDice(entry.dice));
    if (!r.ok) break;
    state = r.state;
    events.push(...r.events);
    line += r.events.filter((e) => e.type === 'turn-started').length;
  }
  return { decisions, final: state, events };
}

function keptFaces(state: GameState, positions: readonly number[]): string {
  const roll = state.turn.roll ?? [];
  return positions
    .map((p) => roll[p] ?? 0)
    .sort((a, b) => a - b)
    .join(',');
}

/** The advice option that is the move actually played (keeps match by the faces they keep). */
export function matchOption(d: Decision, advice: Advice): AdviceOption | null {
  const a = d.action;
  const same = advice.options.filter((o) => {
    if (o.move.type !== a.type) return false;
    if (a.type !== 'keep' || o.move.type !== 'keep') return true;
    if (keptFaces(d.state, o.move.dice) !== keptFaces(d.state, a.dice)) return false;
    return a.then === undefined || o.move.then === a.then;
  });
  if (same.length === 0) return null;
  return same.reduce((best, o) => (o.loss < best.loss ? o : best));
}

/** A move in words, for the review. */
export function describeAction(d: Decision): string {
  const a = d.action;
  switch (a.type) {
    case 'keep': {
      const faces = keptFaces(d.state, a.dice).replaceAll(',', ' ');
      return a.then === 'bank'
        ? `kept ${faces} and banked`
        : a.then === 'roll'
          ? `kept ${faces} and rolled`
          : `kept ${faces}`;
    }
    case 'fresh':
      return 'started fresh';
    case 'inherit':
      return `inherited ${plural(d.state.offer?.points ?? 0, 'point', 'points')}`;
    case 'roll':
      return `rolled ${plural(d.state.turn.available, 'die', 'dice')}`;
    case 'bank':
      return `banked ${d.state.turn.total}`;
    default:
      return a.type;
  }
}

/** Runs tasks with a small concurrency limit, reporting each result as it comes. */
export async function pooled<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
  progress: (done: number, index: number, result: R) => void,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i] as T);
      progress(++done, i, out[i] as R);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
