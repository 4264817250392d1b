import type { GameEvent } from '@zilch/engine';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bannerFor } from '../app/lib/banners.ts';
import {
  chanceLoss,
  diceKeys,
  noun,
  offersLine,
  plural,
  possessive,
  resultLine,
  says,
  shorterSays,
  waitingFor,
  speaker,
  turnHeading,
  whose,
  winLine,
} from '../app/lib/words.ts';

describe('plural', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(plural(1, 'die', 'dice')).toBe('1 die');
    expect(plural(0, 'die', 'dice')).toBe('0 dice');
    expect(plural(2, 'die', 'dice')).toBe('2 dice');
    expect(plural(1.5, 'point', 'points')).toBe('1.5 points');
    expect(plural(-1, 'point', 'points')).toBe('-1 point');
  });

  it('groups thousands like the rest of the app', () => {
    expect(plural(1500, 'point', 'points')).toBe('1,500 points');
    expect(plural(10_000, 'point', 'points')).toBe('10,000 points');
  });

  it('gives the noun alone too', () => {
    expect(noun(1, 'die', 'dice')).toBe('die');
    expect(noun(6, 'die', 'dice')).toBe('dice');
  });
});

describe('agreement with "You"', () => {
  it('puts the verb in the second person for a player named You, whatever the spacing or case', () => {
    expect(says('You', 'loses', 'lose')).toBe('You lose');
    expect(says(' you ', 'wins', 'win')).toBe(' you  win');
    expect(says('Ann', 'loses', 'lose')).toBe('Ann loses');
    // A name that only starts with "You" is someone else.
    expect(says('Youssef', 'wins', 'win')).toBe('Youssef wins');
  });

  it('says whose turn it is', () => {
    expect(possessive('You')).toBe('Your');
    expect(possessive('Ann')).toBe("Ann's");
  });

  it('words the winners', () => {
    expect(winLine(['You'])).toBe('You win');
    expect(winLine(['Ann'])).toBe('Ann wins');
    expect(winLine(['You', 'Ann'])).toBe('You and Ann share the win');
  });

  it('reaches the banners', () => {
    const name = (seat: number) => ['You', 'Bo'][seat] ?? '?';
    const banner = (e: GameEvent) => bannerFor([e], name, 6)?.detail;
    expect(banner({ type: 'zilch', seat: 0, lost: 350, locked: 0 })).toBe(
      'Nothing scored. You lose 350 points this turn.',
    );
    expect(banner({ type: 'zilch', seat: 1, lost: 1, locked: 0 })).toBe(
      'Nothing scored. Bo loses 1 point this turn.',
    );
    expect(banner({ type: 'zilch', seat: 0, lost: 0, locked: 0 })).toBe(
      'Nothing scored: your turn ends.',
    );
    expect(banner({ type: 'zilch', seat: 1, lost: 0, locked: 0 })).toBe(
      "Nothing scored: Bo's turn ends.",
    );
    expect(banner({ type: 'game-over', winners: [0], scores: [10_000, 0] })).toBe('You win!');
    expect(banner({ type: 'game-over', winners: [1], scores: [0, 10_000] })).toBe('Bo wins!');
    expect(banner({ type: 'offer', to: 1, points: 300, dice: 1 })).toBe(
      'Bo may inherit 300 points with 1 die.',
    );
  });
});

describe('issue 22: the table speaks to the player', () => {
  it('calls the one seat this device holds "You", and nobody else', () => {
    const names = (seat: number) => ['Mo', 'Bo'][seat] ?? '?';
    const mine = speaker(names, [0]);
    expect(mine(0)).toBe('You');
    expect(mine(1)).toBe('Bo');
    expect(`${whose(mine(0), true)} turn.`).toBe('Your turn.');
    expect(says(mine(0), 'banks', 'bank')).toBe('You bank');
    // Hot-seat: two seats here, so each keeps its name.
    expect(speaker(names, [0, 1])(0)).toBe('Mo');
    expect(speaker(names, [])(0)).toBe('Mo');
  });

  it('words an offer for any giver', () => {
    expect(offersLine('You')).toBe('You banked and offer');
    expect(offersLine('Bo')).toBe('Bo banked and offers');
  });

  it('gives a loss of win chance in percentage points', () => {
    expect(chanceLoss(0.004)).toBe('−0.4 percentage points');
    expect(chanceLoss(0.01)).toBe('−1.0 percentage point');
  });

  it('asks to pass the device only while the turn is still to start', () => {
    const t = { onTurn: 'Ann', myTurn: true, hotSeat: true };
    expect(turnHeading({ ...t, handOver: true })).toBe("Ann's turn — pass the device");
    expect(turnHeading({ ...t, handOver: false })).toBe("Ann's turn");
    expect(turnHeading({ ...t, hotSeat: false, handOver: true, onTurn: 'You' })).toBe('Your turn');
    expect(turnHeading({ onTurn: 'Bo', myTurn: false, hotSeat: false, handOver: true })).toBe(
      "Bo's turn",
    );
  });

  it('gives the winning margin', () => {
    const names = speaker((s: number) => ['Mo', 'Bo', 'Cy'][s] ?? '?', [0]);
    expect(resultLine([1], [9_650, 10_000], names)).toBe('Bo wins by 350 points');
    expect(resultLine([0], [10_050, 10_000, 200], names)).toBe('You win by 50 points');
    expect(resultLine([0], [10_001, 10_000], names)).toBe('You win by 1 point');
    expect(resultLine([0, 1], [10_000, 10_000], names)).toBe('You and Bo share the win');
  });

  it('names the keys of the dice, die 10 being key 0', () => {
    expect(diceKeys(6)).toBe('keys 1–6');
    expect(diceKeys(9)).toBe('keys 1–9');
    expect(diceKeys(10)).toBe('keys 1–9 and 0');
    expect(diceKeys(1)).toBe('key 1');
  });
});

describe('shorterSays: the play-by-play in ever shorter whole-word forms', () => {
  it('keeps all, then the newest sentences, then drops the aside, then counts the faces', () => {
    expect(
      shorterSays(
        'Bo keeps 1 1 1 2 3 4 5 5 6 for 1,750 (running total 1,750). Bo rolls one, two, six.',
      ),
    ).toEqual([
      'Bo keeps 1 1 1 2 3 4 5 5 6 for 1,750 (running total 1,750). Bo rolls 1, 2, 6.',
      '… Bo rolls 1, 2, 6.',
    ]);
    expect(shorterSays('Bo keeps 1 1 1 2 3 4 5 5 6 for 1,750 (running total 1,750).')).toEqual([
      'Bo keeps 1 1 1 2 3 4 5 5 6 for 1,750 (running total 1,750).',
      'Bo keeps 1 1 1 2 3 4 5 5 6 for 1,750.',
      'Bo keeps 9 dice for 1,750.',
    ]);
    expect(shorterSays('You roll one, one, five, five, two, three, four, six, six, two.')).toEqual([
      'You roll 1, 1, 5, 5, 2, 3, 4, 6, 6, 2.',
      'You roll 10 dice.',
    ]);
    expect(shorterSays('')).toEqual(['']);
  });
});

describe('waitingFor', () => {
  it('names another player, and tells this device its own dice are still landing', () => {
    expect(waitingFor('Ann')).toBe('Waiting for Ann.');
    expect(waitingFor('You')).toBe('Waiting for your dice.');
  });
});

describe('one message module', () => {
  it('leaves no hand-made plural in the app: every count goes through words.ts', () => {
    // A "n === 1 ? 'game' : 'games'" beside the JSX is how "1 games" and "You banks" came back.
    const app = fileURLToPath(new URL('../app', import.meta.url));
    const found: string[] = [];
    for (const f of readdirSync(app, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(f) || f.endsWith('words.ts')) continue;
      const text = readFileSync(join(app, f), 'utf8');
      for (const m of text.matchAll(/[!=]==? 1 \?\s*['`]/g)) found.push(`${f}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });
});
