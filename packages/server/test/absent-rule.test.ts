// The absence rule of quick-match tables as a pure function of the log (docs/server.md, Quick
// match): never moved → abort; the forfeitAfter-th timed-out decision in a row → forfeit.
import type { Actor } from '@zilch/protocol';
import { describe, expect, it } from 'vitest';
import type { AbsenceRule, EntryRecord } from '../src/store/records.ts';
import { absentVerdict } from '../src/timers/deadline.ts';

const entry = (seat: number, actor: Actor): EntryRecord => ({
  seq: 0,
  clientId: 'x',
  seat,
  action: actor === 'timer' ? { type: 'timeout', seat } : { type: 'roll', seat },
  dice: [],
  events: [],
  actor,
  at: 0,
});
const RATED: AbsenceRule = { abortUnmoved: true, forfeitAfter: 2 };
const CASUAL: AbsenceRule = { abortUnmoved: true, forfeitAfter: null };

describe('absentVerdict', () => {
  it('leaves tables with no rule alone', () => {
    expect(absentVerdict(null, [], 0)).toBeNull();
  });

  it('calls the game off for a seat that never moved itself, whoever moved for it', () => {
    expect(absentVerdict(RATED, [], 0)).toBe('abort');
    expect(absentVerdict(CASUAL, [entry(0, 'player'), entry(1, 'absent')], 1)).toBe('abort');
    expect(absentVerdict(RATED, [entry(0, 'player'), entry(1, 'timer')], 1)).toBe('abort');
    expect(absentVerdict({ abortUnmoved: false, forfeitAfter: null }, [], 0)).toBeNull();
  });

  it('forfeits on the forfeitAfter-th timed-out decision in a row, and a move resets the count', () => {
    const played = [entry(0, 'player'), entry(1, 'player')];
    expect(absentVerdict(RATED, played, 0)).toBeNull();
    const once = [...played, entry(0, 'timer'), entry(1, 'player')];
    expect(absentVerdict(RATED, once, 0)).toBe('forfeit');
    const back = [...once, entry(0, 'player'), entry(1, 'player')];
    expect(absentVerdict(RATED, back, 0)).toBeNull();
    expect(absentVerdict({ abortUnmoved: true, forfeitAfter: 1 }, played, 0)).toBe('forfeit');
    expect(absentVerdict({ abortUnmoved: true, forfeitAfter: 3 }, once, 0)).toBeNull();
  });

  it('never forfeits at a casual table: the bot plays on', () => {
    const log = [entry(0, 'player'), entry(0, 'timer'), entry(0, 'absent'), entry(0, 'timer')];
    expect(absentVerdict(CASUAL, log, 0)).toBeNull();
  });
});
