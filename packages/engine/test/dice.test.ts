/** Dice sources: seeded dice are reproducible and fair; recorded dice replay exactly or fail loudly. */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { keyOfFaces, recordedDice, recordingDice, seededDice } from '../src/index.ts';
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

  test.prop([fc.integer(), fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 60 })])(
    'rollKey hands out the key of the very dice roll would have dealt, leaving the stream in step',
    (seed, counts) => {
      const faces = seededDice(seed);
      const keys = seededDice(seed);
      counts.forEach((n, i) => {
        // Mix the two calls on one source: each must leave the stream where the other expects it.
        if (i % 3 === 2) expect(keys.roll(n)).toEqual(faces.roll(n));
        else expect(keys.rollKey(n)).toBe(keyOfFaces(faces.roll(n)));
      });
      expect(keys.roll(6)).toEqual(faces.roll(6));
    },
  );

  it('deals the stream it always dealt: sfc32 words, a byte a die, low byte first', () => {
    // The plain definition, one die at a time: saved seeds and simulations depend on it.
    const reference = (seed: number, count: number): number[] => {
      let [a, b, c, d] = [0x9e3779b9 | 0, 0x243f6a88 | 0, 0xb7e15162 | 0, seed | 0];
      const next = (): number => {
        const t = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + t) | 0;
        return t >>> 0;
      };
      for (let i = 0; i < 15; i++) next();
      const out: number[] = [];
      while (out.length < count) {
        let word = next();
        for (let k = 0; k < 4 && out.length < count; k++, word >>>= 8) {
          const m = (word & 255) * 6;
          if (m % 256 >= 4) out.push(Math.floor(m / 256) + 1);
        }
      }
      return out;
    };
    for (const seed of [0, 1, 7, -1, 20261126]) {
      const dice = seededDice(seed);
      const dealt: number[] = [];
      for (let n = 1; dealt.length < 2000; n = (n % 10) + 1) dealt.push(...dice.roll(n));
      expect(dealt).toEqual(reference(seed, dealt.length));
    }
  });

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
