/**
 * Engine throughput on one core: (a) 6-dice rolls scored per second through the table lookup,
 * (b) whole two-player serendipity-creak games per second between threshold bots on the lean
 * path (rolls as multiset keys, the bots' keep a table lookup, the engine's rules in place),
 * (b') the same games on the lean path with the dice as faces (what bots that look at dice
 * positions use), (c) the same games through applyAction (immutable states, events), and
 * (d) the yardstick: a bare loop, hand-written for this rule set, that rolls the very same dice
 * (the engine's sfc32 stream, a byte a die) into a flat table and so plays the very same games
 * (checked game by game before measuring). (e) is the bare loop this bench used before, which
 * draws a whole roll from one sfc32 output: cheaper dice, other games; printed for reference.
 * Targets (issues 2 and 13): ≥ 20 million rolls/s, ≥ 200,000 games/s, lean ≥ 0.6× (d) (issue 26).
 * ZILCH_BENCH_SECONDS sets how long each figure is measured (default 2).
 */
import {
  applyAction,
  createGame,
  lean,
  optionGain,
  positionsFor,
  preset,
  scoringTable,
  seededDice,
  type Action,
  type DiceSource,
  type GameState,
  type KeyedDiceSource,
  type RuleSet,
  type ScoringTable,
} from '@zilch/engine';

const SECONDS = Number(process.env.ZILCH_BENCH_SECONDS ?? 2);

/** The threshold bots: bank at 400 with three or more dice to roll, 300 with one or two. */
const bankAt = (diceLeft: number): number => (diceLeft >= 3 ? 400 : 300);
/** Take an offer worth at least 300 points with at least two dice. */
const takesOffer = (points: number, dice: number): boolean => points >= 300 && dice >= 2;

/** How many interleaved rounds each figure is measured in; the best round counts. */
const ROUNDS = 5;

/** One figure being measured: `work(n)` does n units and returns a checksum. */
interface Meter {
  readonly work: (n: number) => number;
  /** Units per call, grown until a call takes a while. */
  n: number;
  best: number;
  done: number;
  check: number;
}

const meter = (work: (n: number) => number): Meter => {
  work(64); // warm-up so the first batch is not all compilation
  return { work, n: 64, best: 0, done: 0, check: 0 };
};

/** CPU time this process has used, in milliseconds (user + system). */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Measures every meter in interleaved rounds of SECONDS / ROUNDS each and keeps each one's best
 * round. Rates are per second of this process's CPU time, not wall time: the machine is shared
 * (CI, other test runs), and CPU time is what one core spends whoever else is running.
 */
function measureAll(meters: Meter[]): void {
  for (let r = 0; r < ROUNDS; r++) {
    for (const m of meters) {
      const wallStart = performance.now();
      const cpuStart = cpuMs();
      let done = 0;
      while (performance.now() - wallStart < (SECONDS * 1000) / ROUNDS) {
        m.check += m.work(m.n);
        done += m.n;
        if (performance.now() - wallStart < 50) m.n *= 2;
      }
      m.done += done;
      m.best = Math.max(m.best, (done / (cpuMs() - cpuStart)) * 1000);
    }
  }
}

const fmt = (x: number): string => Math.round(x).toLocaleString('en-US').padStart(13);

/** (a) Every legal option of pre-generated 6-dice rolls, through the scoring table. */
function rollsScored(table: ScoringTable): (n: number) => number {
  const COUNT = 1 << 16;
  const dice = seededDice(1);
  const rolls: number[][] = Array.from({ length: COUNT }, () => dice.roll(6));
  let i = 0;
  return (n) => {
    let acc = 0;
    for (let k = 0; k < n; k++) {
      const info = table.lookup(rolls[i]!);
      i = (i + 1) & (COUNT - 1);
      acc += info.options.length + (info.best ? info.best.points : 0);
    }
    return acc;
  };
}

/**
 * The threshold bots keep the best option of every roll: its points, dice and formed sets,
 * packed into one number by the roll's index in the scoring table and filled in as rolls first
 * appear. A table lookup instead of reading option objects; the numbers are the engine's own.
 */
class BestKeeps {
  /** points · 2^10 + forms · 2^4 + dice, -1 while unknown, -2 when the worth depends on the total. */
  packed = new Int32Array(1024).fill(-1);

  constructor(private readonly table: ScoringTable) {}

  /** The packed keep of roll index i (negative: keep the option object instead). */
  of(i: number): number {
    const p = i < this.packed.length ? this.packed[i]! : -1;
    return p !== -1 ? p : this.learn(i);
  }

  private learn(i: number): number {
    while (i >= this.packed.length) {
      const more = new Int32Array(2 * this.packed.length).fill(-1);
      more.set(this.packed);
      this.packed = more;
    }
    const best = this.table.infoAt(i).best!;
    // Hot Dice splits make the worth depend on the running total: no fixed number then.
    const p = best.splits === null ? best.points * 1024 + best.forms * 16 + best.dice : -2;
    this.packed[i] = p;
    return p;
  }
}

/** (b) One game on the lean path: rolls as keys, keeps from the bots' table, rules in place. */
function leanGame(
  rules: RuleSet,
  table: ScoringTable,
  keeps: BestKeeps,
  dice: KeyedDiceSource,
  out?: Outcomes,
): number {
  const s = lean.initialState(rules, 2, lean.chooseFirst(rules, 2, dice).seat);
  let turns = 0;
  while (s.phase !== 'over') {
    if (s.phase === 'choose') {
      const o = s.offer!;
      lean.choose(s, takesOffer(o.points, o.dice), null);
    }
    turns += 1;
    // Roll and keep until the turn ends in a zilch or a bank.
    for (;;) {
      const i = lean.rollKeyed(s, table, dice);
      if (i < 0) break;
      const p = keeps.of(i);
      if (p >= 0) lean.keepScored(s, p >> 10, p & 15, (p >> 4) & 63);
      else lean.keep(s, table.infoAt(i).best!, null, null);
      if (s.turn.total >= bankAt(s.turn.available) && lean.canBank(s)) {
        lean.bank(s, null);
        break;
      }
    }
  }
  out?.push(turns, s.scores[0]!, s.scores[1]!);
  return turns;
}

/** (b') One game on the lean path with the dice as faces: roll, look up, keep the option. */
function leanFacesGame(
  rules: RuleSet,
  table: ScoringTable,
  dice: DiceSource,
  out?: Outcomes,
): number {
  const s = lean.initialState(rules, 2, lean.chooseFirst(rules, 2, dice).seat);
  let turns = 0;
  while (s.phase !== 'over') {
    if (s.phase === 'choose') {
      const o = s.offer!;
      lean.choose(s, takesOffer(o.points, o.dice), null);
    }
    if (s.phase === 'roll') turns += 1;
    const info = lean.roll(s, table, dice, null);
    if (!info) continue;
    lean.keep(s, info.best!, null, null);
    if (s.turn.total >= bankAt(s.turn.available) && lean.canBank(s)) lean.bank(s, null);
  }
  out?.push(turns, s.scores[0]!, s.scores[1]!);
  return turns;
}

/** (c) One game through applyAction: a new state and events for every action. */
function applyGame(rules: RuleSet, table: ScoringTable, dice: DiceSource, out?: Outcomes): number {
  const created = createGame(rules, 2, dice);
  if (!created.ok) throw new Error(created.error.message);
  let s: GameState = created.state;
  let turns = 0;
  const step = (a: Action): void => {
    const r = applyAction(s, a, dice);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  };
  while (s.phase !== 'over') {
    const seat = s.current;
    if (s.phase === 'choose') {
      const o = s.offer!;
      step({ type: takesOffer(o.points, o.dice) ? 'inherit' : 'fresh', seat });
    } else if (s.phase === 'roll') {
      turns += 1;
      step({ type: 'roll', seat });
    } else if (s.phase === 'keep') {
      const roll = s.turn.roll!;
      const best = table.lookup(roll, s.turn.held).best!;
      const total = s.turn.total + optionGain(best, s.turn.total);
      const left = s.turn.available - best.dice;
      const then = total >= bankAt(left === 0 ? rules.dice : left) ? 'bank' : 'roll';
      step({ type: 'keep', seat, dice: positionsFor(roll, best.keep), then });
    } else step({ type: 'roll', seat });
  }
  out?.push(turns, s.scores[0]!, s.scores[1]!);
  return turns;
}

/** A game's outcome, for checking that two loops play the same games: turns, then scores. */
type Outcomes = number[];

/**
 * (d) The same games as a bare loop, hand-written for this rule set and these bots: the
 * engine's dice stream (sfc32, four bytes an output, low byte first; a byte b deals die
 * ⌊6b / 256⌋ + 1 unless 6b mod 256 < 4, which is thrown away) summed as a base-7 multiset key,
 * and a flat table by key gives the best keep's points and dice.
 */
function bareGames(
  rules: RuleSet,
  table: ScoringTable,
): (seed: number, n: number, out?: Outcomes) => number {
  const all = rules.dice;
  const weight = [0, 1, 7, 49, 343, 2401, 16807];
  // best[key]: points << 4 | dice of the best keep, 0 for a zilch.
  const best = new Int32Array(7 ** all);
  const fill = (n: number, faces: number[]): void => {
    if (faces.length === n) {
      const b = table.lookup(faces).best;
      let key = 0;
      for (const f of faces) key += weight[f]!;
      best[key] = b ? (b.points << 4) | b.dice : 0;
      return;
    }
    for (let f = faces.length ? faces[faces.length - 1]! : 1; f <= 6; f++) {
      faces.push(f);
      fill(n, faces);
      faces.pop();
    }
  };
  for (let n = 1; n <= all; n++) fill(n, []);
  const face = Int32Array.from({ length: 256 }, (_, x) =>
    ((x * 6) & 255) >= 4 ? ((x * 6) >> 8) + 1 : 0,
  );
  const byteWeight = Int32Array.from(face, (f) => (f === 0 ? -1 : weight[f]!));
  let a = 0,
    b = 0,
    c = 0,
    d = 0,
    bits = 0,
    left = 0;
  const sfc32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
    return t;
  };
  /** The next die's face. */
  const die = (): number => {
    for (;;) {
      if (left === 0) {
        bits = sfc32();
        left = 4;
      }
      const f = face[bits & 255]!;
      bits >>>= 8;
      left -= 1;
      if (f !== 0) return f;
    }
  };
  /** The base-7 multiset key of the next n dice. */
  const rollKey = (n: number): number => {
    let key = 0;
    for (let i = 0; i < n;) {
      if (left === 0) {
        bits = sfc32();
        left = 4;
      }
      const w = byteWeight[bits & 255]!;
      bits >>>= 8;
      left -= 1;
      if (w >= 0) {
        key += w;
        i += 1;
      }
    }
    return key;
  };
  const target = rules.target;
  return (seed, n, out) => {
    a = 0x9e3779b9 | 0;
    b = 0x243f6a88 | 0;
    c = 0xb7e15162 | 0;
    d = seed | 0;
    bits = 0;
    left = 0;
    for (let i = 0; i < 15; i++) sfc32();
    let turns = 0;
    for (let g = 0; g < n; g++) {
      const score = [0, 0];
      // The first player: two dice, (first − 1) · 6 + (second − 1) is even for seat 0.
      die();
      let seat = (die() - 1) & 1;
      let offerPoints = 0;
      let offerDice = 0;
      let finalLeft = -1;
      let gameTurns = 0;
      for (;;) {
        let total = 0;
        let avail = all;
        if (offerDice > 0 && takesOffer(offerPoints, offerDice)) {
          total = offerPoints;
          avail = offerDice;
        }
        offerDice = 0;
        gameTurns += 1;
        let banked = false;
        for (;;) {
          const keep = best[rollKey(avail)]!;
          if (keep === 0) break; // zilch: no offer
          total += keep >> 4;
          avail -= keep & 15;
          if (avail === 0) avail = all;
          if (total >= bankAt(avail)) {
            banked = true;
            break;
          }
        }
        if (banked) score[seat]! += total;
        if (finalLeft >= 0) {
          if (--finalLeft === 0) break;
        } else if (banked && score[seat]! >= target) finalLeft = 1;
        if (banked && finalLeft !== 0) {
          offerPoints = total;
          offerDice = avail;
        }
        seat ^= 1;
      }
      turns += gameTurns;
      out?.push(gameTurns, score[0]!, score[1]!);
    }
    return turns;
  };
}

/**
 * (e) The bare loop this bench used before: one random number per roll. For n dice every
 * ordered roll is a number below 6^n, drawn without bias from one sfc32 output (Lemire's
 * multiply and reject), and a flat table per n gives that roll's best points and dice used.
 * Cheaper dice than the engine deals (a byte a die), so not the same games.
 */
function bareOneOutputGames(rules: RuleSet, table: ScoringTable): (n: number) => number {
  const all = rules.dice;
  const size: number[] = [1];
  for (let n = 1; n <= all; n++) size.push(size[n - 1]! * 6);
  const bestPoints: Int32Array[] = [new Int32Array(1)];
  const bestDice: Int8Array[] = [new Int8Array(1)];
  for (let n = 1; n <= all; n++) {
    const points = new Int32Array(size[n]!);
    const dice = new Int8Array(size[n]!);
    const faces = new Array<number>(n);
    for (let r = 0; r < size[n]!; r++) {
      for (let i = 0, x = r; i < n; i++, x = Math.floor(x / 6)) faces[i] = (x % 6) + 1;
      const best = table.lookup(faces).best;
      points[r] = best ? best.points : 0;
      dice[r] = best ? best.dice : 0;
    }
    bestPoints.push(points);
    bestDice.push(dice);
  }
  // 2^32 mod 6^n: outputs whose low part falls below it are thrown away (no modulo bias).
  const reject = size.map((m) => 2 ** 32 % m);
  let a = 0x9e3779b9 | 0,
    b = 0x243f6a88 | 0,
    c = 0xb7e15162 | 0,
    d = 1;
  const sfc32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  /** An ordered roll of n dice as a number below 6^n. */
  const rollOf = (n: number): number => {
    const m = size[n]!;
    for (;;) {
      const x = sfc32() * m; // below 2^32 · 6^6 < 2^48: exact in a double
      const hi = Math.floor(x / 4294967296);
      if (x - hi * 4294967296 >= reject[n]!) return hi;
    }
  };
  const target = rules.target;
  return (n) => {
    let turns = 0;
    for (let g = 0; g < n; g++) {
      const score = [0, 0];
      let seat = rollOf(1) & 1; // the starting seat (uniform: a die's 0..5, odd or even)
      let offerPoints = 0;
      let offerDice = 0;
      let finalLeft = -1;
      for (;;) {
        let total = 0;
        let avail = all;
        if (offerDice > 0 && takesOffer(offerPoints, offerDice)) {
          total = offerPoints;
          avail = offerDice;
        }
        offerDice = 0;
        turns += 1;
        let banked = false;
        for (;;) {
          const r = rollOf(avail);
          const pts = bestPoints[avail]![r]!;
          if (pts === 0) break; // zilch: no offer
          total += pts;
          avail -= bestDice[avail]![r]!;
          if (avail === 0) avail = all;
          if (total >= bankAt(avail)) {
            banked = true;
            break;
          }
        }
        if (banked) score[seat]! += total;
        if (finalLeft >= 0) {
          if (--finalLeft === 0) break;
        } else if (banked && score[seat]! >= target) finalLeft = 1;
        if (banked && finalLeft !== 0) {
          offerPoints = total;
          offerDice = avail;
        }
        seat ^= 1;
      }
    }
    return turns;
  };
}

/** How many games the loops must agree on, game by game, before anything is measured. */
const CHECK_GAMES = 2000;

/** Prints the figures. */
export default async function bench(): Promise<void> {
  const rules = preset('serendipity-creak');
  const table = scoringTable(rules);
  const keeps = new BestKeeps(table);
  const bare = bareGames(rules, table);
  console.log(
    `  one core, per CPU second, best of ${ROUNDS} interleaved rounds over ${SECONDS} s per figure, serendipity-creak, two threshold bots`,
  );
  // The loops must play the same games from the same seed, or comparing their speed means nothing.
  const outcomes = (play: (out: Outcomes) => void): string => {
    const out: Outcomes = [];
    play(out);
    return out.join(',');
  };
  const seed = 20261126;
  const games = {
    lean: outcomes((out) => {
      const dice = seededDice(seed);
      for (let g = 0; g < CHECK_GAMES; g++) leanGame(rules, table, keeps, dice, out);
    }),
    faces: outcomes((out) => {
      const dice = seededDice(seed);
      for (let g = 0; g < CHECK_GAMES; g++) leanFacesGame(rules, table, dice, out);
    }),
    apply: outcomes((out) => {
      const dice = seededDice(seed);
      for (let g = 0; g < CHECK_GAMES; g++) applyGame(rules, table, dice, out);
    }),
    bare: outcomes((out) => bare(seed, CHECK_GAMES, out)),
  };
  const differ = Object.entries(games)
    .filter(([, v]) => v !== games.lean)
    .map(([k]) => k);
  console.log(
    differ.length === 0
      ? `  same games: (b), (b'), (c) and (d) agree on all ${CHECK_GAMES.toLocaleString('en-US')} games from one seed (turns and scores)`
      : `  NOT the same games: ${differ.join(', ')} differ from the lean path; the ratios below compare different work`,
  );

  let leanSeed = 1;
  let facesSeed = 1;
  let applySeed = 1;
  let bareSeed = 1;
  const rolls = meter(rollsScored(table));
  const leanRun = meter((n) => {
    const dice = seededDice(leanSeed++);
    let t = 0;
    for (let g = 0; g < n; g++) t += leanGame(rules, table, keeps, dice);
    return t;
  });
  const facesRun = meter((n) => {
    const dice = seededDice(facesSeed++);
    let t = 0;
    for (let g = 0; g < n; g++) t += leanFacesGame(rules, table, dice);
    return t;
  });
  const applyRun = meter((n) => {
    const dice = seededDice(applySeed++);
    let t = 0;
    for (let g = 0; g < n; g++) t += applyGame(rules, table, dice);
    return t;
  });
  const bareRun = meter((n) => bare(bareSeed++, n));
  const oneOutputRun = meter(bareOneOutputGames(rules, table));
  measureAll([rolls, leanRun, facesRun, applyRun, bareRun, oneOutputRun]);

  const ratio = (x: number, y: number): string => `${(x / y).toFixed(2)}×`;
  console.log(`  (a) 6-dice rolls scored (all options)  ${fmt(rolls.best)} /s   target 20,000,000`);
  console.log(`  (b) games, lean path                   ${fmt(leanRun.best)} /s   target 200,000`);
  console.log(`  (b') games, lean path, dice as faces   ${fmt(facesRun.best)} /s`);
  console.log(`  (c) games, applyAction + events        ${fmt(applyRun.best)} /s`);
  console.log(`  (d) games, bare loop (same dice)       ${fmt(bareRun.best)} /s`);
  console.log(
    `  (e) games, bare loop, a roll an output ${fmt(oneOutputRun.best)} /s   (cheaper dice, other games)`,
  );
  console.log(`  lean path / bare loop: ${ratio(leanRun.best, bareRun.best)} (target ≥ 0.6×)`);
  console.log(
    `  lean path with faces / bare loop: ${ratio(facesRun.best, bareRun.best)}; lean path / (e): ` +
      `${ratio(leanRun.best, oneOutputRun.best)}; applyAction / lean path: ${ratio(applyRun.best, leanRun.best)}`,
  );
  const turns = (m: Meter): string => (m.check / m.done).toFixed(2);
  console.log(
    `  turns per game: lean ${turns(leanRun)}, faces ${turns(facesRun)}, applyAction ${turns(applyRun)}, ` +
      `bare ${turns(bareRun)}, (e) ${turns(oneOutputRun)}`,
  );
}
