import { keepChoices, type GameEvent, type GameState } from '@zilch/engine';
import { useMemo } from 'react';
import { speaker } from '../../lib/words.ts';
import { nameOf } from '../../components/Scoreboard.tsx';
import type { GameView } from '@zilch/protocol';

/** Whose turn it is and how this device relates to it. */
export interface TurnView {
  name: (seat: number) => string;
  playing: boolean;
  /** The seat on turn is one this device holds. */
  myTurn: boolean;
  spectator: boolean;
  /** Several seats on one device: the heading asks to pass it on. */
  hotSeat: boolean;
  onTurn: string;
  /** Hot-seat: the turn has not begun, so the device is still to be handed to its player. */
  handOver: boolean;
}

/**
 * Derives the turn's point of view from the game and the seats held here; `events` (those on
 * show) tell whether the player on turn has acted yet, for the hot-seat hand-over.
 */
export function useTurnView(
  view: GameView,
  mine: readonly number[],
  events?: readonly GameEvent[],
): TurnView {
  const s = view.state;
  // The one seat this device holds reads "You" in every sentence the table says.
  const name = useMemo(() => speaker((seat: number) => nameOf(view, seat), mine), [view, mine]);
  const playing = view.status === 'playing';
  return {
    name,
    playing,
    myTurn: playing && mine.includes(s.current),
    spectator: mine.length === 0,
    hotSeat: mine.length > 1,
    onTurn: name(s.current),
    handOver: events
      ? !actedThisTurn(events)
      : (s.phase === 'roll' || s.phase === 'choose') && s.turn.total === 0,
  };
}

/**
 * Whether the player on turn has made a move since their turn began: until then the device is
 * being handed over; after it (a roll, or "start fresh", which leaves the turn at 0) it is theirs.
 */
function actedThisTurn(events: readonly GameEvent[]): boolean {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as GameEvent;
    if (e.type === 'turn-started') return false;
    if (e.type === 'rolled' || e.type === 'fresh' || e.type === 'inherited') return true;
  }
  return false;
}

/** What the felt shows of the dice: the roll in front of the player, or the last one, and the turn's keeps. */
export interface DiceView {
  roll: readonly number[] | null;
  lastRolled: { seat: number; dice: number[] } | null;
  shown: readonly number[] | null;
  scoringFaces: ReadonlySet<number>;
  keptThisTurn: number[][];
}

/** Derives the dice on the felt from the position and the event log. */
export function useDice(s: GameState, events: readonly GameEvent[]): DiceView {
  const roll = s.phase === 'keep' ? s.turn.roll : null;
  const lastRolled = useMemo(() => lastRollOf(events), [events]);
  const shown = roll ?? lastRolled?.dice ?? null;
  const scoringFaces = useMemo(() => {
    const set = new Set<number>();
    for (const c of keepChoices(s)) for (const f of c.option.keep) set.add(f);
    return set;
  }, [s]);
  const keptThisTurn = useMemo(() => keptOf(events), [events]);
  return { roll, lastRolled, shown, scoringFaces, keptThisTurn };
}

function lastRollOf(events: readonly GameEvent[]): { seat: number; dice: number[] } | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as GameEvent;
    // The previous turn's last roll (a zilch, or the roll before a bank) stays up until the next roll.
    if (e.type === 'rolled') return { seat: e.seat, dice: e.dice };
  }
  return null;
}

function keptOf(events: readonly GameEvent[]): number[][] {
  const out: number[][] = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as GameEvent;
    if (e.type === 'turn-started') break;
    if (e.type === 'kept') out.unshift(e.faces);
  }
  return out;
}
