import {
  applyAction,
  recordedDice,
  type Action,
  type GameEvent,
  type GameState,
} from '@zilch/engine';
import type { GameView } from '@zilch/protocol';
import { bannerFor, type BannerInfo } from './banners.ts';
import { faceWord } from './selection.ts';
import { plural, says, whose } from './words.ts';

/**
 * One moment of the table as the player watches it. The server sends a whole action at once
 * (keep, roll, zilch and the next turn in one update); the table shows it one step at a time so
 * a roll lands before its result shows and a bot's keep is seen before it rolls again.
 */
export interface Step {
  /** The table at this step: intermediate steps carry a state rebuilt with the engine. */
  view: GameView;
  /** Events this step adds to the log, the banners and the tips. */
  events: GameEvent[];
  /** The dice are tumbling: nothing about the roll's result shows yet. */
  rolling: boolean;
  /** Positions of the roll in front of the player that are being kept (shown selected). */
  highlight: number[] | null;
  /** What happens, in words, for the play-by-play line and screen readers ('' for nothing new). */
  say: string;
  /** How long the step stays before the next one, in ms, at full motion. */
  hold: number;
  /** The step shows a move made from this device (its own moves wait for nothing but the dice). */
  own: boolean;
  /** The step goes on with the action of the step before (a roll after its keep's hot dice). */
  chain?: boolean;
}

/** Timings in ms: the tumble matches `.cube.rolling` (0.75 s plus up to 160 ms of delay). */
export const PACE = {
  tumble: 950,
  /** A bot's or remote player's roll stays on show before its keep is highlighted. */
  look: 700,
  /** A keep stays highlighted at least this long (the issue asks for ≥ 0.7 s). */
  keep: 900,
  /** A bank, a zilch or a timeout stays up before the next player starts. */
  end: 1400,
  choose: 700,
} as const;

/**
 * How long a roll's dice tumble. A browser test may lengthen it (`window.__zilchTumbleMs`, set
 * before the page loads) to aim taps inside it on a machine too slow to do so in 0.95 s.
 */
function tumbleHold(): number {
  const t = (globalThis as { __zilchTumbleMs?: unknown }).__zilchTumbleMs;
  return typeof t === 'number' && t > 0 ? t : PACE.tumble;
}

/** A tumble's time with reduced motion: shorter, never zero, so the moment is still shown. */
export function paced(ms: number, reduced: boolean): number {
  if (!reduced || ms === 0) return ms;
  return Math.max(250, Math.round(ms * 0.45));
}

const ACTS = new Set<GameEvent['type']>([
  'fresh',
  'inherited',
  'rolled',
  'kept',
  'banked',
  'timeout',
  'forfeit',
  'aborted',
]);

/** Splits an update's events into one group per action the engine applies (plus any start-up events). */
function groups(events: readonly GameEvent[]): GameEvent[][] {
  const out: GameEvent[][] = [];
  for (const e of events) {
    const last = out[out.length - 1];
    if (ACTS.has(e.type) || !last) out.push([e]);
    else last.push(e);
  }
  return out;
}

/** The engine action that made a group's first event, or null for events no action makes. */
function actionOf(e: GameEvent, s: GameState): { action: Action; rolls: number[][] } | null {
  const seat = s.current;
  switch (e.type) {
    case 'fresh':
      return { action: { type: 'fresh', seat }, rolls: [] };
    case 'inherited':
      return { action: { type: 'inherit', seat }, rolls: [] };
    case 'rolled':
      return { action: { type: 'roll', seat }, rolls: [e.dice] };
    case 'kept':
      return { action: { type: 'keep', seat, dice: e.positions.slice() }, rolls: [] };
    case 'banked':
      return { action: { type: 'bank', seat }, rolls: [] };
    case 'timeout':
      return { action: { type: 'timeout', seat }, rolls: [] };
    case 'forfeit':
      return { action: { type: 'forfeit', seat }, rolls: [] };
    case 'aborted':
      return { action: { type: 'abort', seat }, rolls: [] };
    default:
      return null;
  }
}

/** The play-by-play words for a group of events. */
function sayOf(group: readonly GameEvent[], name: (seat: number) => string): string {
  const parts: string[] = [];
  for (const e of group) {
    switch (e.type) {
      case 'fresh':
        parts.push(`${says(name(e.seat), 'starts', 'start')} fresh.`);
        break;
      case 'inherited':
        parts.push(
          `${says(name(e.seat), 'inherits', 'inherit')} ${plural(e.points, 'point', 'points')} with ${plural(e.dice, 'die', 'dice')}.`,
        );
        break;
      case 'rolled':
        parts.push(`${says(name(e.seat), 'rolls', 'roll')} ${e.dice.map(faceWord).join(', ')}.`);
        break;
      case 'kept':
        parts.push(
          `${says(name(e.seat), 'keeps', 'keep')} ${e.faces.join(' ')} for ${e.points.toLocaleString('en-US')} (running total ${e.total.toLocaleString('en-US')}).`,
        );
        break;
      case 'hot-dice':
        parts.push('Hot dice!');
        break;
      case 'zilch':
        parts.push(`Zilch: ${says(name(e.seat), 'scores', 'score')} nothing this turn.`);
        break;
      case 'mercy':
        parts.push(
          `Zilch on the first roll, but mercy: ${says(name(e.seat), 'gets', 'get')} ${plural(e.points, 'point', 'points')} and a new roll of every die.`,
        );
        break;
      case 'banked':
        parts.push(
          `${says(name(e.seat), 'banks', 'bank')} ${e.points.toLocaleString('en-US')} (score ${e.score.toLocaleString('en-US')}).`,
        );
        break;
      case 'timeout':
        parts.push(`Time ran out — ${whose(name(e.seat))} turn passed.`);
        break;
      case 'forfeit':
        parts.push(`${says(name(e.seat), 'forfeits', 'forfeit')}: away too long.`);
        break;
      case 'aborted':
        parts.push(
          `${says(name(e.seat), 'never shows', 'never show')} up: the game is called off.`,
        );
        break;
      case 'turn-started':
        parts.push(`${whose(name(e.seat), true)} turn.`);
        break;
      case 'game-over':
        parts.push('Game over.');
        break;
      default:
        break;
    }
  }
  return parts.join(' ');
}

/** A view showing an intermediate state of an update. */
function at(prev: GameView, next: GameView, state: GameState): GameView {
  return {
    ...next,
    state,
    status: state.phase === 'over' ? 'over' : prev.status === 'waiting' ? next.status : 'playing',
  };
}

/**
 * The steps that show one update, starting from the view on show before it. `own` says the
 * acting seat is held on this device (its keeps need no highlight: the player just chose them).
 * Anything the engine cannot rebuild is shown in one step, as the server sent it.
 */
export function stepsOf(
  prev: GameView,
  update: { events: readonly GameEvent[]; view: GameView },
  mine: readonly number[],
  name: (seat: number) => string,
): Step[] {
  const next = update.view;
  const whole = (hold: number): Step[] => [
    {
      view: next,
      events: update.events.slice(),
      rolling: false,
      highlight: null,
      say: sayOf(update.events, name),
      hold,
      own: mine.includes(prev.state.current),
    },
  ];
  if (prev.status !== 'playing' || update.events.length === 0) return whole(0);
  const steps: Step[] = [];
  let s = prev.state as GameState;
  const gs = groups(update.events);
  for (let gi = 0; gi < gs.length; gi++) {
    const group = gs[gi] as GameEvent[];
    const first = group[0] as GameEvent;
    const made = actionOf(first, s);
    if (!made) return whole(PACE.end);
    let r: ReturnType<typeof applyAction>;
    try {
      r = applyAction(s, made.action, recordedDice(made.rolls));
    } catch {
      // Recorded dice that do not fit the roll throw: the update is shown as it came.
      return whole(PACE.end);
    }
    if (!r.ok || r.events.length !== group.length) return whole(PACE.end);
    const own = mine.includes(s.current);
    const lastGroup = gi === gs.length - 1;
    const after = lastGroup ? next : at(prev, next, r.state);
    const ends = group.some((e) => e.type === 'turn-started' || e.type === 'game-over');
    switch (first.type) {
      case 'rolled': {
        // The dice tumble first. A roll that ends the turn (zilch) keeps the turn as it was
        // meanwhile, so the heading, the banner and the next player come only when they land.
        const landed = r.state.phase === 'keep' && !ends;
        steps.push({
          view: landed ? after : at(prev, next, s),
          events: [first],
          rolling: true,
          highlight: null,
          say: '',
          hold: tumbleHold(),
          own,
          chain: gi > 0,
        });
        steps.push({
          view: after,
          events: group.slice(1),
          rolling: false,
          highlight: null,
          say: sayOf(group, name),
          hold: ends ? PACE.end : own ? 0 : PACE.look,
          own,
        });
        break;
      }
      case 'kept': {
        if (!own) {
          steps.push({
            view: at(prev, next, s),
            events: [],
            rolling: false,
            highlight: first.positions.slice(),
            say: sayOf(group, name),
            hold: PACE.keep,
            own,
          });
        }
        steps.push({
          view: after,
          events: group,
          rolling: false,
          highlight: null,
          say: own ? sayOf(group, name) : '',
          hold: 0,
          own,
        });
        break;
      }
      default:
        steps.push({
          view: after,
          events: group,
          rolling: false,
          highlight: null,
          say: sayOf(group, name),
          hold: ends ? PACE.end : own ? 0 : PACE.choose,
          own,
        });
    }
    s = r.state;
  }
  return steps;
}

/**
 * The banner once a step is shown. It comes when the dice have landed (never while they tumble),
 * and any later step that moves the game on clears it at once, so an "Offer" banner does not
 * outlive the bot declining it; a roll that goes on from its own keep (hot dice, roll them all)
 * keeps that keep's banner. Game over stays.
 */
export function bannerAfter(
  cur: BannerInfo | null,
  step: Step,
  name: (seat: number) => string,
): BannerInfo | null {
  const b = step.rolling ? null : bannerFor(step.events, name, step.view.rules.dice);
  if (b) return b;
  const movesOn =
    (step.rolling && !step.chain) || (!step.rolling && step.events.length > 0) || step.highlight;
  return movesOn && cur?.kind !== 'over' ? null : cur;
}
