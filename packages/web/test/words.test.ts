import type { GameEvent } from '@zilch/engine';
import { describe, expect, it } from 'vitest';
import { bannerFor } from '../app/lib/banners.ts';
import { noun, plural, possessive, says, winLine } from '../app/lib/words.ts';

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
    expect(banner({ type: 'game-over', winners: [0], scores: [10_000, 0] })).toBe('You win!');
    expect(banner({ type: 'game-over', winners: [1], scores: [0, 10_000] })).toBe('Bo wins!');
    expect(banner({ type: 'offer', to: 1, points: 300, dice: 1 })).toBe(
      'Bo may inherit 300 points with 1 die.',
    );
  });
});
