import { randomInt } from 'node:crypto';
import type { DiceSource } from './source.ts';

/** Live-play dice from the operating system's CSPRNG (no modulo bias: randomInt rejects). */
export function cryptoDice(): DiceSource {
  return {
    roll(count) {
      return Array.from({ length: count }, () => randomInt(1, 7));
    },
  };
}
