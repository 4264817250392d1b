/**
 * A multiset of dice is a count per face. It is encoded as one integer in base 11
 * (at most 10 dice of a face), so a roll's key is a sum of per-die constants.
 */
export const BASE = 11;

/** BASE ** (face - 1), indexed by face (index 0 unused). */
export const FACE_WEIGHT: readonly number[] = [0, 1, 11, 121, 1331, 14641, 161051];

/** Number of distinct keys: every count vector with counts up to 10. */
export const KEY_SPACE = BASE ** 6;

/** Count vector (index 0 is face 1) of a list of faces. */
export function countsOf(faces: ArrayLike<number>): number[] {
  const c = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < faces.length; i++) c[(faces[i] as number) - 1]! += 1;
  return c;
}

/** Key of a count vector. */
export function keyOfCounts(counts: readonly number[]): number {
  let k = 0;
  for (let f = 5; f >= 0; f--) k = k * BASE + (counts[f] as number);
  return k;
}

/** Key of a list of faces. */
export function keyOfFaces(faces: ArrayLike<number>): number {
  let k = 0;
  for (let i = 0; i < faces.length; i++) k += FACE_WEIGHT[faces[i] as number] as number;
  return k;
}

/** Count vector of a key. */
export function countsOfKey(key: number): number[] {
  const c: number[] = [];
  for (let f = 0; f < 6; f++) {
    c.push(key % BASE);
    key = Math.floor(key / BASE);
  }
  return c;
}

/** Faces of a count vector in ascending order. */
export function facesOf(counts: readonly number[]): number[] {
  const out: number[] = [];
  for (let f = 0; f < 6; f++) for (let i = 0; i < (counts[f] as number); i++) out.push(f + 1);
  return out;
}

/** Every count vector of exactly n dice. */
export function multisetsOfSize(n: number): number[][] {
  const out: number[][] = [];
  const c = [0, 0, 0, 0, 0, 0];
  const rec = (f: number, left: number): void => {
    if (f === 5) {
      c[5] = left;
      out.push(c.slice());
      return;
    }
    for (let k = left; k >= 0; k--) {
      c[f] = k;
      rec(f + 1, left - k);
    }
  };
  rec(0, n);
  return out;
}

/** Every non-empty sub-multiset of a count vector. */
export function subMultisets(counts: readonly number[]): number[][] {
  const out: number[][] = [];
  const c = [0, 0, 0, 0, 0, 0];
  const rec = (f: number): void => {
    if (f === 6) {
      if (c.some((x) => x > 0)) out.push(c.slice());
      return;
    }
    for (let k = 0; k <= (counts[f] as number); k++) {
      c[f] = k;
      rec(f + 1);
    }
  };
  rec(0);
  return out;
}

/** Number of ordered rolls that show this count vector: n! / Π c!. */
export function arrangements(counts: readonly number[]): number {
  let n = 0;
  let r = 1;
  for (const c of counts) {
    for (let i = 1; i <= c; i++) {
      n += 1;
      r = (r * n) / i;
    }
  }
  return r;
}
