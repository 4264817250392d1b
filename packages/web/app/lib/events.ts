import { replay, type GameEvent, type GameLog } from '@zilch/engine';
import { figure, plural } from './words.ts';

/** Events of a game rebuilt from its log, keeping only the entries the view already includes. */
export function eventsUpTo(log: GameLog, seqs: number[] | undefined, seq: number): GameEvent[] {
  const count = seqs
    ? seqs.filter((s) => s <= seq).length
    : Math.min(log.entries.length, Math.max(0, seq));
  try {
    return replay({ ...log, entries: log.entries.slice(0, count) }).events;
  } catch (_e) {
    return [];
  }
}

/** One turn of the turn log: who played and what happened, in words. */
export interface TurnLine {
  seat: number;
  turn: number;
  items: string[];
  outcome: string | null;
}

/** Groups events into turns and words each step, for the turn log. */
export function turnLines(events: readonly GameEvent[]): TurnLine[] {
  const lines: TurnLine[] = [];
  let cur: TurnLine | null = null;
  for (const e of events) {
    if (e.type === 'turn-started') {
      cur = { seat: e.seat, turn: lines.length + 1, items: [], outcome: null };
      lines.push(cur);
      continue;
    }
    if (!cur) continue;
    switch (e.type) {
      case 'fresh':
        cur.items.push('started fresh');
        break;
      case 'inherited':
        cur.items.push(
          `inherited ${plural(e.points, 'point', 'points')} with ${plural(e.dice, 'die', 'dice')}`,
        );
        break;
      case 'rolled':
        cur.items.push(`rolled ${e.dice.join(' ')}`);
        break;
      case 'kept':
        cur.items.push(
          `kept ${e.faces.join(' ')} for ${figure(e.points)} (total ${figure(e.total)})`,
        );
        break;
      case 'hot-dice':
        cur.items.push('hot dice!');
        break;
      case 'zilch':
        cur.outcome =
          e.locked > 0
            ? `zilch, ${plural(e.locked, 'locked point', 'locked points')} kept`
            : e.lost > 0
              ? `zilch, lost ${figure(e.lost)}`
              : 'zilch';
        break;
      case 'mercy':
        cur.items.push(`zilch on the first roll: mercy ${figure(e.points)}, roll again`);
        break;
      case 'penalty':
        cur.items.push(`penalty −${figure(e.points)}`);
        break;
      case 'banked':
        cur.outcome = `banked ${figure(e.points)} → ${figure(e.score)}`;
        break;
      case 'timeout':
        cur.outcome = 'ran out of time';
        break;
      case 'forfeit':
        cur.outcome = 'forfeited: away too long';
        break;
      case 'aborted':
        cur.outcome = 'never showed up: game called off';
        break;
      case 'final-round':
        cur.items.push('reached the target: final round');
        break;
      default:
        break;
    }
  }
  return lines;
}
