import type { RuleSet } from '../rules/schema.ts';

/** One scoring combination: the dice it uses (count per face) and its points. */
export interface Combination {
  readonly counts: readonly number[];
  readonly points: number;
  /** What kind of combination: three pairs, two triplets and straights are the "bonus" ones. */
  readonly kind: 'single' | 'of-a-kind' | 'straight' | 'three-pairs' | 'two-triplets';
  /** Plain-words name, for explanations. */
  readonly label: string;
}

const vec = (entries: Array<[face: number, count: number]>): number[] => {
  const c = [0, 0, 0, 0, 0, 0];
  for (const [f, n] of entries) c[f - 1]! += n;
  return c;
};

/** Every scoring combination a rule set defines (Hot Dice extensions are handled apart). */
export function combinationsOf(rules: RuleSet): Combination[] {
  const out: Combination[] = [];
  const faces = [1, 2, 3, 4, 5, 6];
  for (const f of faces) {
    const p = rules.singles[f - 1] as number;
    if (p > 0) out.push({ counts: vec([[f, 1]]), points: p, kind: 'single', label: `single ${f}` });
  }
  for (const f of faces) {
    (rules.ofAKind[f - 1] as number[]).forEach((p, i) => {
      if (p > 0)
        out.push({
          counts: vec([[f, i + 3]]),
          points: p,
          kind: 'of-a-kind',
          label: `${i + 3} ${f}s`,
        });
    });
  }
  for (const s of rules.straights) {
    out.push({
      counts: vec(s.faces.map((f) => [f, 1])),
      points: s.points,
      kind: 'straight',
      label: `straight ${s.faces.join('-')}`,
    });
  }
  if (rules.threePairs && rules.dice >= 6) {
    const { points, form } = rules.threePairs;
    for (let a = 1; a <= 6; a++)
      for (let b = a + 1; b <= 6; b++)
        for (let c = b + 1; c <= 6; c++)
          out.push({
            counts: vec([
              [a, 2],
              [b, 2],
              [c, 2],
            ]),
            points,
            kind: 'three-pairs',
            label: 'three pairs',
          });
    if (form !== 'distinct') {
      for (const a of faces)
        for (const b of faces)
          if (a !== b)
            out.push({
              counts: vec([
                [a, 4],
                [b, 2],
              ]),
              points,
              kind: 'three-pairs',
              label: 'three pairs',
            });
    }
    if (form === 'any')
      for (const a of faces)
        out.push({ counts: vec([[a, 6]]), points, kind: 'three-pairs', label: 'three pairs' });
  }
  if (rules.twoTriplets && rules.dice >= 6) {
    for (let a = 1; a <= 6; a++)
      for (let b = a + 1; b <= 6; b++)
        out.push({
          counts: vec([
            [a, 3],
            [b, 3],
          ]),
          points: rules.twoTriplets.points,
          kind: 'two-triplets',
          label: 'two triplets',
        });
    if (rules.twoTriplets.sixOfAKind)
      for (const a of faces)
        out.push({
          counts: vec([[a, 6]]),
          points: rules.twoTriplets.points,
          kind: 'two-triplets',
          label: 'two triplets',
        });
  }
  return out;
}
