/**
 * A map from multiset keys (non-negative integers below 2^31) to small non-negative integers:
 * open addressing with a multiplicative hash, each key next to its value in one typed array.
 * The tables' keys range over 11^6 values but a rule set uses a few thousand at most, so this
 * stays a few tens of KB and in cache, where a flat array by key is 7 MB that lookups miss in.
 */
export class KeyIndex {
  /** slots[2i] is a key (-1: empty), slots[2i + 1] its value. */
  private slots: Int32Array;
  private shift: number;
  private size = 0;

  constructor() {
    this.slots = new Int32Array(2 * 256).fill(-1);
    this.shift = 32 - 8;
  }

  /** The value stored for `key`, or -1. */
  get(key: number): number {
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    for (let i = Math.imul(key, 0x9e3779b1) >>> this.shift; ; i = (i + 1) & mask) {
      const k = slots[2 * i] as number;
      if (k === key) return slots[2 * i + 1] as number;
      if (k === -1) return -1;
    }
  }

  /** Stores `value` (≥ 0) for `key`, which must not be present yet. */
  set(key: number, value: number): void {
    // At most half the slots full, so a lookup ends after a probe or two.
    if ((this.size + 1) * 4 > this.slots.length) this.grow();
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    let i = Math.imul(key, 0x9e3779b1) >>> this.shift;
    while (slots[2 * i] !== -1) i = (i + 1) & mask;
    slots[2 * i] = key;
    slots[2 * i + 1] = value;
    this.size += 1;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2).fill(-1);
    this.shift -= 1;
    this.size = 0;
    for (let i = 0; i < old.length; i += 2)
      if ((old[i] as number) !== -1) this.set(old[i] as number, old[i + 1] as number);
  }
}
