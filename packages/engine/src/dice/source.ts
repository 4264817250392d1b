/** Where dice come from. The engine never rolls by itself: dice enter as data. */
export interface DiceSource {
  /** `count` fair dice, each 1..6. */
  roll(count: number): number[];
}

/** A source that can also hand out a roll as its multiset key alone, without the faces. */
export interface KeyedDiceSource extends DiceSource {
  /**
   * The multiset key (as `keyOfFaces`) of the next `count` dice: the very dice `roll(count)`
   * would deal next, so a game played from keys is the game played from faces. Keys are
   * base 11, so `count` is at most 10 (the most dice a rule set plays).
   */
  rollKey(count: number): number;
}

/**
 * What a byte of generator output deals, as its base-11 multiset weight (`FACE_WEIGHT`), or -1
 * when the byte is thrown away: Lemire's multiply-and-reject on one byte, byte × 6 spans
 * 0..1535 and a low byte below 256 mod 6 = 4 is rejected, leaving exactly 42 bytes per face.
 */
const WEIGHT_OF_BYTE = Int32Array.from({ length: 256 }, (_, b) =>
  ((b * 6) & 255) >= 4 ? 11 ** ((b * 6) >> 8) : -1,
);

/**
 * sfc32 (Chris Doty-Humphrey's small fast counting generator, 128-bit state) dealing fair
 * dice, four per 32-bit output, with rejection so every face is exactly equally likely (no
 * modulo bias). A class with plain fields: simulations roll hundreds of millions of dice and
 * V8 handles fields faster than mutable closure variables here.
 */
class Sfc32Dice implements KeyedDiceSource {
  private a = 0x9e3779b9 | 0;
  private b = 0x243f6a88 | 0;
  private c = 0xb7e15162 | 0;
  private d: number;
  /** Unused bytes of the last output, and how many are left. */
  private bits = 0;
  private left = 0;

  constructor(seed: number) {
    this.d = seed | 0;
    // Mix the seed through the state before the first die (the usual sfc32 warm-up).
    for (let i = 0; i < 15; i++) this.next();
  }

  private next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    const c = (this.c << 21) | (this.c >>> 11);
    this.c = (c + t) | 0;
    return t;
  }

  roll(count: number): number[] {
    const out = new Array<number>(count);
    let bits = this.bits;
    let left = this.left;
    // The generator in locals, as in rollKey.
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.d;
    for (let i = 0; i < count;) {
      if (left === 0) {
        bits = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + bits) | 0;
        left = 4;
      }
      // Lemire's multiply-and-reject on one byte: byte × 6 spans 0..1535; rejecting a low
      // byte below 256 mod 6 = 4 leaves exactly 42 bytes per face (4 in 256 are thrown away).
      const m = (bits & 255) * 6;
      bits >>>= 8;
      left -= 1;
      if ((m & 255) >= 4) out[i++] = (m >> 8) + 1;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    this.bits = bits;
    this.left = left;
    return out;
  }

  rollKey(count: number): number {
    let key = 0;
    let bits = this.bits;
    let left = this.left;
    // The same bytes as roll: a die's weight instead of its face, and no array. The generator
    // steps in locals (next's arithmetic, written out), stored back once: fewer field loads and
    // stores a die, and a body small enough that simulation loops inline all of it.
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.d;
    for (let i = 0; i < count;) {
      if (left === 0) {
        bits = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + bits) | 0;
        left = 4;
      }
      const w = WEIGHT_OF_BYTE[bits & 255] as number;
      bits >>>= 8;
      left -= 1;
      if (w >= 0) {
        key += w;
        i += 1;
      }
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    this.bits = bits;
    this.left = left;
    return key;
  }
}

/** A reproducible source for simulations and tests (sfc32, unbiased). */
export function seededDice(seed: number): KeyedDiceSource {
  return new Sfc32Dice(seed);
}

/** Replays recorded rolls in order; fails loudly when the record runs out or mismatches. */
export function recordedDice(
  rolls: readonly (readonly number[])[],
): DiceSource & { readonly remaining: number } {
  let next = 0;
  return {
    roll(count) {
      const r = rolls[next];
      if (!r)
        throw new Error(
          `replay needs roll #${next + 1} of ${count} dice but the record has only ${rolls.length}`,
        );
      if (r.length !== count)
        throw new Error(`recorded roll #${next + 1} has ${r.length} dice, the game rolls ${count}`);
      next += 1;
      return r.slice();
    },
    get remaining() {
      return rolls.length - next;
    },
  };
}

/** Wraps a source and keeps every roll it hands out, for the game's log. */
export function recordingDice(source: DiceSource): DiceSource & { take(): number[][] } {
  let rolls: number[][] = [];
  return {
    roll(count) {
      const r = source.roll(count);
      rolls.push(r.slice());
      return r;
    },
    take() {
      const out = rolls;
      rolls = [];
      return out;
    },
  };
}
