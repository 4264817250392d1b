import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

/** Where dice come from. The engine never rolls by itself: dice enter as data. */
export interface DiceSource {
  /** `count` fair dice, each 1..6. */
  roll(count: number): number[];
}

/** A reproducible source for simulations and tests (pure-rand xoroshiro128+). */
export function seededDice(seed: number): DiceSource {
  const rng = xoroshiro128plus(seed | 0);
  return {
    roll(count) {
      const out = new Array<number>(count);
      for (let i = 0; i < count; i++) out[i] = uniformInt(rng, 1, 6);
      return out;
    },
  };
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
