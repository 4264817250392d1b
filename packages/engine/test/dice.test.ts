/** Dice sources: seeded dice are reproducible and fair; recorded dice replay exactly or fail loudly. */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { recordedDice, recordingDice, seededDice } from '../src/index.ts';
import { cryptoDice } from '../src/dice/crypto.ts';

describe('seededDice', () => {
  test.prop([fc.integer(), fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 50 })])(
    'the same seed gives the same dice; every die is 1..6 and every roll has the count asked',
    (seed, counts) => {
      const a = seededDice(seed);
      const b = seededDice(seed);
      for (const n of counts) {
        const r = a.roll(n);
        expect(r).toHaveLength(n);
        for (const f of r) expect(Number.isInteger(f) && f >= 1 && f <= 6).toBe(true);
        expect(b.roll(n)).toEqual(r);
      }
    },
  );

  it('different seeds give different streams', () => {
    const streams = new Set(
      [0, 1, 2, 3, -1, 2 ** 31 - 1].map((seed) => seededDice(seed).roll(10).join('')),
    );
    expect(streams.size).toBe(6);
  });

  it('is fair: faces and pairs of consecutive dice pass a chi-square test', () => {
    const dice = seededDice(20261125);
    const faces = new Array<number>(6).fill(0);
    const pairs = new Array<number>(36).fill(0);
    const N = 360_000;
    let prev = -1;
    for (let i = 0; i < N / 6; i++) {
      for (const f of dice.roll(6)) {
        faces[f - 1]! += 1;
        if (prev >= 0) pairs[prev * 6 + f - 1]! += 1;
        prev = f - 1;
      }
    }
    const chi = (obs: number[], total: number): number => {
      const e = total / obs.length;
      return obs.reduce((s, o) => s + (o - e) ** 2 / e, 0);
    };
    // 99.99th percentiles of chi-square with 5 and 35 degrees of freedom: 25.7 and 75.0.
    expect(chi(faces, N)).toBeLessThan(25.7);
    expect(chi(pairs, N - 1)).toBeLessThan(75.0);
  });
});

describe('recorded dice', () => {
  it('recordingDice keeps every roll it hands out; take() empties the record', () => {
    const rec = recordingDice(seededDice(7));
    const r1 = rec.roll(3);
    const r2 = rec.roll(6);
    r1[0] = 99; // callers may mutate what they got; the record holds its own copy
    const taken = rec.take();
    expect(taken).toHaveLength(2);
    expect(taken[1]).toEqual(r2);
    expect(taken[0]![0]).not.toBe(99);
    expect(rec.take()).toEqual([]);
  });

  it('recordedDice replays in order and fails loudly when the record runs out or mismatches', () => {
    const rec = recordedDice([[1, 2, 3], [6]]);
    expect(rec.remaining).toBe(2);
    expect(rec.roll(3)).toEqual([1, 2, 3]);
    expect(() => rec.roll(2)).toThrow(/has 1 dice, the game rolls 2/);
    expect(rec.roll(1)).toEqual([6]);
    expect(rec.remaining).toBe(0);
    expect(() => rec.roll(1)).toThrow(/record has only 2/);
  });
});

describe('cryptoDice', () => {
  it('rolls the count asked, faces 1..6, all faces appearing', () => {
    const r = cryptoDice().roll(600);
    expect(r).toHaveLength(600);
    expect(new Set(r)).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  });
});
