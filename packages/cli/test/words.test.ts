/** The CLI's word forms: one helper for plurals and verbs, and the sentences built with it. */
import { stripVTControlCharacters } from 'node:util';
import { createGame, preset, seededDice, type GameEvent, type GameState } from '@zilch/engine';
import { describe, expect, it } from 'vitest';
import { describeReport } from '../src/commands/backup.ts';
import { eventText, zilchLine, type Seat } from '../src/commands/play.ts';
import { allDice, count, plural, verb, verbForm } from '../src/words.ts';

describe('word forms', () => {
  it('plural and count: one die, two dice; one game, two games; one log entry, two entries', () => {
    expect(count(1, 'die')).toBe('1 die');
    expect(count(2, 'die')).toBe('2 dice');
    expect(count(0, 'die')).toBe('0 dice');
    expect(count(1, 'game')).toBe('1 game');
    expect(count(7, 'game')).toBe('7 games');
    expect(count(1, 'log entry')).toBe('1 log entry');
    expect(count(3, 'log entry')).toBe('3 log entries');
    expect(count(2, 'zilch')).toBe('2 zilches');
    expect(count(2, 'worker')).toBe('2 workers');
    expect(plural(2, 'person', 'people')).toBe('people');
    expect(plural(1, 'person', 'people')).toBe('person');
  });

  it('verbs agree with the subject: You roll, Kim rolls, You go, Kim goes', () => {
    expect(verb('You', 'roll')).toBe('You roll');
    expect(verb('you', 'lose')).toBe('you lose');
    expect(verb('Kim', 'roll')).toBe('Kim rolls');
    expect(verb('Kim', 'lose')).toBe('Kim loses');
    expect(verb('Kim', 'go')).toBe('Kim goes');
    expect(verb('You', 'go')).toBe('You go');
    expect(verb('Kim', 'reach')).toBe('Kim reaches');
    expect(verb('Kim', 'play')).toBe('Kim plays');
    expect(verbForm('You', 'be')).toBe('are');
    expect(verbForm('Kim', 'be')).toBe('is');
    // "Youssef" is a name, not the second person.
    expect(verb('Youssef', 'roll')).toBe('Youssef rolls');
  });

  it('every die: "the die" for one, "all 6 dice" for more', () => {
    expect(allDice(1)).toBe('the die');
    expect(allDice(6)).toBe('all 6 dice');
  });
});

describe('zilch play sentences', () => {
  const made = createGame(
    { ...preset('ten-dice'), firstRollMercy: { points: 50 } },
    2,
    seededDice(1),
  );
  if (!made.ok) throw new Error(made.error.message);
  const state: GameState = made.state;
  const seats = (name: string): Seat[] => [
    { name, bot: null },
    { name: 'cautious bot', bot: null },
  ];
  const all: GameEvent[] = [
    { type: 'first-player', seat: 0, rollOff: [] },
    { type: 'turn-started', seat: 0, offer: { points: 300, dice: 1 } },
    { type: 'fresh', seat: 0 },
    { type: 'inherited', seat: 0, points: 300, dice: 1 },
    { type: 'rolled', seat: 0, dice: [1, 5] },
    { type: 'kept', seat: 0, positions: [0], faces: [1], points: 100, total: 100 },
    { type: 'hot-dice', seat: 0, locked: 600 },
    { type: 'zilch', seat: 0, lost: 0, locked: 0 },
    { type: 'mercy', seat: 0, points: 50, total: 50 },
    { type: 'penalty', seat: 0, points: 500, score: -500 },
    { type: 'banked', seat: 0, points: 350, score: 350 },
    { type: 'game-over', winners: [0], scores: [10_000, 0] },
  ];
  // picocolors colours its output when CI is set, as it is on the CI machine; the words are what count.
  const text = (name: string): string =>
    stripVTControlCharacters(all.map((e) => eventText(e, state, seats(name)) ?? '').join('\n'));

  it('"You" takes the plain verb in every event line', () => {
    const you = text('You');
    for (const wrong of [
      'You goes',
      'You starts',
      'You inherits',
      'You rolls',
      'You keeps',
      'You loses',
      'You gets',
      'You banks',
      'You wins',
      'You scores',
      'and rolls',
    ])
      expect(you).not.toContain(wrong);
    for (const right of [
      'You go first',
      'You start fresh',
      'You inherit 300 points and roll 1 die',
      'You roll:',
      'You keep 1 for 100',
      'You get 50 and roll all 10 dice again',
      'Zilch penalty: You lose 500',
      'You bank 350',
      'You win!',
    ])
      expect(you).toContain(right);
    expect(you).toContain('may inherit 300 points with 1 die.');
  });

  it('a named player takes the third person', () => {
    const kim = text('Kim');
    for (const right of [
      'Kim goes first',
      'Kim starts fresh',
      'Kim inherits 300 points and rolls 1 die',
      'Kim rolls:',
      'Kim gets 50 and rolls all 10 dice again',
      'Kim wins!',
    ])
      expect(kim).toContain(right);
  });

  it('a zilch that loses nothing says so, not "loses 0"; a lock keeps its points', () => {
    expect(zilchLine('You', 0, 0)).toBe('ZILCH! You score nothing this turn.');
    expect(zilchLine('Kim', 0, 0)).toBe('ZILCH! Kim scores nothing this turn.');
    expect(zilchLine('You', 350, 0)).toBe('ZILCH! You lose 350.');
    expect(zilchLine('Kim', 1200, 1000)).toBe(
      'ZILCH! Kim loses the 200 after the lock; the locked 1000 still count.',
    );
    expect(zilchLine('Kim', 1000, 1000)).toBe('ZILCH! The locked 1000 still count.');
  });

  it('hot dice with one die in play: "The die is back"', () => {
    const one = { ...state, rules: { ...state.rules, dice: 1 } };
    const e: GameEvent = { type: 'hot-dice', seat: 0, locked: 0 };
    expect(eventText(e, one, seats('Kim'))).toContain('Hot dice! The die is back.');
    expect(eventText(e, state, seats('Kim'))).toContain('Hot dice! All 10 dice are back.');
  });
});

describe('zilch backup and restore sentences', () => {
  it('one game, one log entry: singular', () => {
    const r = {
      store: 'sqlite' as const,
      schema: '0012_absence_rule',
      games: 1,
      entries: 1,
      bytes: 1_048_576,
      file: '/tmp/b.sqlite',
    };
    expect(describeReport('backup', r)).toBe(
      'Backed up the SQLite store to /tmp/b.sqlite (schema 0012_absence_rule, 1 game, 1 log entry, 1.0 MB).',
    );
    expect(describeReport('restore', { ...r, games: 2, entries: 30 })).toMatch(
      /^Restored the SQLite store into \/tmp\/b.sqlite \(schema 0012_absence_rule, 2 games, 30 log entries,/,
    );
  });
});
