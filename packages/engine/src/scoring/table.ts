import { ruleKey } from '../rules/canonical.ts';
import type { RuleSet } from '../rules/schema.ts';
import {
  FACE_WEIGHT,
  KEY_SPACE,
  countsOfKey,
  facesOf,
  keyOfCounts,
  multisetsOfSize,
  subMultisets,
} from './multiset.ts';
import { combinationsOf } from './combinations.ts';
import {
  growGain,
  grownSets,
  NO_SETS,
  pareto,
  pickGrow,
  Splitter,
  splitGain,
  type Grow,
  type Split,
} from './split.ts';

/** One legal selection from a roll. */
export interface ScoringOption {
  /** Multiset key of the kept dice. */
  readonly key: number;
  /** Kept dice per face (index 0 is face 1). */
  readonly counts: readonly number[];
  /** Kept faces in ascending order. */
  readonly keep: readonly number[];
  /** Number of dice kept. */
  readonly dice: number;
  /** Points from a running total of 0 (the points, unless Hot Dice extensions apply). */
  readonly points: number;
  /** Hot Dice extension splits; null when the rule set has no extensions. */
  readonly splits: readonly Split[] | null;
  /** Faces (bit f-1) that become held sets by this keep (Hot Dice extensions). */
  readonly forms: number;
  /** Set doubling: the ways to score the selection (see `Grow`); null without the rule. */
  readonly grows: readonly Grow[] | null;
}

/** Everything about one roll, looked up by its multiset. */
export interface RollInfo {
  readonly key: number;
  readonly counts: readonly number[];
  readonly dice: number;
  /** The roll's faces in ascending order (frozen: shared by every roll of this multiset). */
  readonly faces: readonly number[];
  /** No legal selection: the turn ends. */
  readonly zilch: boolean;
  /** Legal selections, best first from a running total of 0. */
  readonly options: readonly ScoringOption[];
  readonly best: ScoringOption | null;
}

/** Points an option adds to a given running total (and, under set doubling, held sets' values). */
export function optionGain(
  option: ScoringOption,
  total: number,
  sets: readonly number[] = NO_SETS,
): number {
  if (option.grows) return growGain(pickGrow(option.grows, sets), sets);
  return option.splits ? splitGain(option.splits, total) : option.points;
}

/** Set doubling: the held sets' values after keeping an option (the same sets without the rule). */
export function optionSets(option: ScoringOption, sets: readonly number[]): readonly number[] {
  return option.grows ? grownSets(pickGrow(option.grows, sets), sets) : sets;
}

/** Best first: more points, then fewer dice kept (more left to roll), then by key. */
function byValue(a: ScoringOption, b: ScoringOption): number {
  return b.points - a.points || a.dice - b.dice || a.key - b.key;
}

/**
 * The scoring table of a rule set: each roll's options come from a lookup by multiset
 * key (built once per multiset and held faces), never from a search at play time.
 */
export class ScoringTable {
  readonly rules: RuleSet;
  private readonly splitter: Splitter;
  /** Every roll info built so far, by dense index (`indexOf`). */
  private readonly infos: RollInfo[] = [];
  /** Dense index by multiset key for rolls with no held faces; -1 when not built yet. */
  private readonly index = new Int32Array(KEY_SPACE).fill(-1);
  /** Dense index by key + KEY_SPACE × held faces, where held sets matter (Hot Dice). */
  private readonly heldIndex = new Map<number, number>();
  /** 1 where the roll at a dense index is a zilch, and each roll's faces: the lean path reads no info. */
  private zilches = new Uint8Array(1024);
  private readonly faces: (readonly number[])[] = [];
  private readonly scoringFaces: (readonly number[] | null)[] = [];
  /** Bonus floor house rule: three pairs, two triplets and straights, by multiset key. */
  private readonly bonusByKey = new Map<number, number>();

  constructor(rules: RuleSet) {
    this.rules = rules;
    this.splitter = new Splitter(rules);
    if (rules.bonusFloor) {
      for (const c of combinationsOf(rules)) {
        if (c.kind === 'single' || c.kind === 'of-a-kind') continue;
        const k = keyOfCounts(c.counts);
        this.bonusByKey.set(k, Math.max(c.points, this.bonusByKey.get(k) ?? 0));
      }
    }
    // Eagerly fill the common case so play never pays for a first lookup.
    if (rules.dice <= 6)
      for (let n = 1; n <= rules.dice; n++)
        for (const c of multisetsOfSize(n)) this.byKey(keyOfCounts(c));
  }

  /** The roll info for a list of faces, given the faces currently held (Hot Dice). */
  lookup(faces: ArrayLike<number>, held = 0): RollInfo {
    let key = 0;
    for (let i = 0; i < faces.length; i++) key += FACE_WEIGHT[faces[i] as number] as number;
    return this.byKey(key, held);
  }

  /** The roll info of a multiset key. */
  byKey(key: number, held = 0): RollInfo {
    return this.infos[this.indexOf(key, held)] as RollInfo;
  }

  /**
   * The dense index of a roll (by multiset key and held faces) in this table, built on first
   * use: what the lean path passes around instead of the RollInfo (`infoAt`, `zilchAt`).
   */
  indexOf(key: number, held = 0): number {
    // The common case alone, kept small so simulations' loops inline it whole.
    if (held === 0) {
      const i = this.index[key] as number;
      if (i >= 0) return i;
    }
    return this.indexOfRest(key, held);
  }

  /** `indexOf` for held faces and for rolls not built yet. */
  private indexOfRest(key: number, held: number): number {
    if (held === 0 || !(this.rules.hotDiceDoubling || this.rules.setDoubling)) {
      const i = this.index[key] as number;
      return i >= 0 ? i : this.add(key, this.build(key, 0));
    }
    const k = key + KEY_SPACE * held;
    return this.heldIndex.get(k) ?? this.add(k, this.build(key, held));
  }

  /** The roll info at a dense index. */
  infoAt(i: number): RollInfo {
    return this.infos[i] as RollInfo;
  }

  /** The faces (ascending, frozen) of the roll at a dense index. */
  facesAt(i: number): readonly number[] {
    return this.faces[i] as readonly number[];
  }

  /** Whether the roll at a dense index is a zilch. */
  zilchAt(i: number): boolean {
    return this.zilches[i] === 1;
  }

  /**
   * The faces of the roll at a dense index when it scores, null when it is a zilch: the lean
   * path's roll step learns both from one load.
   */
  scoringFacesAt(i: number): readonly number[] | null {
    return this.scoringFaces[i] as readonly number[] | null;
  }

  private add(k: number, info: RollInfo): number {
    const i = this.infos.length;
    if (i === this.zilches.length) {
      const more = new Uint8Array(2 * i);
      more.set(this.zilches);
      this.zilches = more;
    }
    this.zilches[i] = info.zilch ? 1 : 0;
    this.infos.push(info);
    this.faces.push(info.faces);
    this.scoringFaces.push(info.zilch ? null : info.faces);
    if (k < KEY_SPACE) this.index[k] = i;
    else this.heldIndex.set(k, i);
    return i;
  }

  private build(key: number, held: number): RollInfo {
    const counts = countsOfKey(key);
    const dice = counts.reduce((a, b) => a + b, 0);
    const options: ScoringOption[] = [];
    // With growing sets the faces of held sets stay together too (SPEC: the one table that
    // plays both rules refuses keeping one of two dice of a held face).
    for (const sub of subMultisets(counts)) {
      if (brokenSet(this.rules, sub, counts, held) > 0) continue;
      const option = this.option(sub, held);
      if (option) options.push(option);
    }
    const nothing = this.rules.nothingBonus;
    if (options.length === 0 && nothing !== null && dice === this.rules.dice && dice > 0) {
      options.push({
        key,
        counts,
        keep: facesOf(counts),
        dice,
        points: nothing,
        splits: this.rules.hotDiceDoubling ? [[nothing, 0]] : null,
        forms: 0,
        grows: this.rules.setDoubling ? [{ base: nothing, ext: NO_SETS, forms: NO_SETS }] : null,
      });
    }
    const bonus = this.bonusByKey.get(key);
    if (bonus !== undefined)
      floorOption(key, counts, bonus, options, this.rules.setDoubling === true);
    options.sort(byValue);
    return {
      key,
      counts,
      dice,
      zilch: options.length === 0,
      options,
      best: options[0] ?? null,
      faces: Object.freeze(facesOf(counts)),
    };
  }

  private option(counts: number[], held: number): ScoringOption | null {
    const dice = counts.reduce((a, b) => a + b, 0);
    let points: number;
    let splits: Split[] | null = null;
    let forms = 0;
    let grows: Grow[] | null = null;
    if (this.rules.setDoubling) {
      grows = this.splitter.grows(counts, held);
      if (grows.length === 0) return null;
      points = growGain(pickGrow(grows, NO_SETS), NO_SETS);
    } else if (this.rules.hotDiceDoubling) {
      splits = this.splitter.splits(counts, held);
      if (splits.length === 0) return null;
      points = splitGain(splits, 0);
      counts.forEach((c, f) => {
        if (c >= 3) forms |= 1 << f;
      });
    } else {
      points = this.splitter.points(counts);
      if (points < 0) return null;
    }
    return {
      key: keyOfCounts(counts),
      counts,
      keep: facesOf(counts),
      dice,
      points,
      splits,
      forms,
      grows,
    };
  }
}

/**
 * Keep sets whole (`keepSetsWhole`): the face (1–6) of which a selection takes some but not all
 * of the roll's dice where they must go together, or 0. They must when the roll shows the face
 * 3+ times, and under growing sets (`setDoubling`) when it is a held set's face (bit f-1 of
 * `held`): the one table that plays both rules refuses keeping one of two such dice (SPEC).
 */
export function brokenSet(
  rules: RuleSet,
  kept: readonly number[],
  roll: readonly number[],
  held: number,
): number {
  if (!rules.keepSetsWhole) return 0;
  const whole = rules.setDoubling ? held : 0;
  for (let f = 0; f < 6; f++) {
    const k = kept[f] as number;
    const n = roll[f] as number;
    if ((n >= 3 || (whole & (1 << f)) !== 0) && k > 0 && k < n) return f + 1;
  }
  return 0;
}

/**
 * Bonus floor: a roll that is itself three pairs, two triplets or a straight may be kept
 * whole for the larger of the bonus and the best selection of the same dice (every die kept,
 * so hot dice). Replaces or adds the whole-roll option in `options`.
 */
function floorOption(
  key: number,
  counts: number[],
  bonus: number,
  options: ScoringOption[],
  setDoubling: boolean,
): void {
  const at = options.findIndex((o) => o.key === key);
  let points = bonus;
  let splits: Split[] | null = null;
  let grows: Grow[] | null = null;
  for (const o of options) points = Math.max(points, o.points);
  if (options.some((o) => o.splits))
    splits = pareto([[bonus, 0], ...options.flatMap((o) => o.splits ?? [])]);
  // The whole roll is hot dice, so the sets it forms never count: only its points matter.
  if (setDoubling)
    grows = [
      { base: bonus, ext: NO_SETS, forms: NO_SETS },
      ...options.flatMap((o) => o.grows ?? []),
    ];
  const whole: ScoringOption = {
    key,
    counts,
    keep: facesOf(counts),
    dice: counts.reduce((a, b) => a + b, 0),
    points: splits ? splitGain(splits, 0) : points,
    splits,
    forms: 0,
    grows,
  };
  if (at >= 0) options[at] = whole;
  else options.push(whole);
}

const tables = new Map<string, ScoringTable>();
/** Tables by rule-set object: applyAction asks on every action, and JSON.stringify costs more than the action. */
const byObject = new WeakMap<RuleSet, { table: ScoringTable }>();

/** The (shared, cached) scoring table of a rule set. */
export function scoringTable(rules: RuleSet): ScoringTable {
  // The object cache trusts that a rule set is not mutated in place once in use (states hold
  // it readonly); a changed copy is a new object and gets its own entry.
  const known = byObject.get(rules);
  if (known) return known.table;
  // Keyed by what plays, not by name: a renamed copy (a fresh table name each time) must not
  // build its table again on the server's event loop.
  const id = ruleKey(rules);
  let t = tables.get(id);
  if (!t) {
    if (tables.size > 64) tables.delete(tables.keys().next().value as string);
    t = new ScoringTable(rules);
    tables.set(id, t);
  }
  byObject.set(rules, { table: t });
  return t;
}
