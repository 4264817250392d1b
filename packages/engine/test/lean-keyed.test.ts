/**
 * The keyed lean path (dice as multiset keys, rolls as table indices, keeps as numbers) plays
 * exactly the games the faces lean path and applyAction play from the same seed, on every
 * preset: offers, Hot Dice doubling, Ten Dice lock and roll-off, the zilch penalty, minimums.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  createGame,
  keyOfFaces,
  lean,
  optionGain,
  positionsFor,
  preset,
  PRESET_IDS,
  scoringTable,
  seededDice,
  type Action,
  type GameState,
  type PresetId,
  type RollInfo,
  type RuleSet,
  type ScoringOption,
} from '../src/index.ts';
import { botRandom } from './support/random-game.ts';

/** A bot's choices, the same whichever path plays: all it sees is the roll's multiset. */
interface Chooser {
  inherit(): boolean;
  option(options: readonly ScoringOption[]): ScoringOption;
  bank(): boolean;
}

function chooser(seed: number): Chooser {
  const rnd = botRandom(seed);
  return {
    inherit: () => rnd() < 0.6,
    option: (options) => options[Math.floor(rnd() * options.length)]!,
    bank: () => rnd() < 0.35,
  };
}

/** What a game did: every roll that scored (its multiset), every keep, and the final state. */
interface Played {
  trace: string[];
  state: GameState;
}

const MAX_STEPS = 100_000;

/** A game on the lean path: dice as keys and keeps as numbers (`keyed`), or faces and options. */
function viaLean(rules: RuleSet, players: number, seed: number, keyed: boolean): Played {
  const table = scoringTable(rules);
  const dice = seededDice(seed);
  const bot = chooser(seed);
  const s = lean.initialState(rules, players, lean.chooseFirst(rules, players, dice).seat);
  const trace: string[] = [];
  for (let steps = 0; s.phase !== 'over'; steps++) {
    if (steps > MAX_STEPS) throw new Error('endless game');
    if (s.phase === 'choose') lean.choose(s, bot.inherit(), null);
    let info: RollInfo | null;
    if (keyed) {
      const i = lean.rollKeyed(s, table, dice);
      info = i < 0 ? null : table.infoAt(i);
      if (info) expect(s.turn.roll).toEqual(info.faces);
    } else info = lean.roll(s, table, dice, null);
    if (!info) continue;
    trace.push(`roll ${info.key}`);
    const o = bot.option(info.options);
    if (keyed) lean.keepScored(s, optionGain(o, s.turn.total), o.dice, o.forms);
    else lean.keep(s, o, null, null);
    trace.push(`keep ${o.key} ${s.turn.total}`);
    if (bot.bank() && lean.canBank(s)) lean.bank(s, null);
  }
  return { trace, state: s };
}

function viaApply(rules: RuleSet, players: number, seed: number): Played {
  const table = scoringTable(rules);
  const dice = seededDice(seed);
  const bot = chooser(seed);
  const created = createGame(rules, players, dice);
  if (!created.ok) throw new Error(created.error.message);
  let s = created.state;
  const step = (a: Action): void => {
    const r = applyAction(s, a, dice);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    s = r.state;
  };
  const trace: string[] = [];
  for (let steps = 0; s.phase !== 'over'; steps++) {
    if (steps > MAX_STEPS) throw new Error('endless game');
    const seat = s.current;
    if (s.phase === 'choose') step({ type: bot.inherit() ? 'inherit' : 'fresh', seat });
    step({ type: 'roll', seat });
    if (s.phase !== 'keep') continue;
    const roll = s.turn.roll!;
    const info = table.lookup(roll, s.turn.held);
    expect(info.key).toBe(keyOfFaces(roll));
    trace.push(`roll ${info.key}`);
    const o = bot.option(info.options);
    step({ type: 'keep', seat, dice: positionsFor(roll, o.keep) });
    trace.push(`keep ${o.key} ${s.turn.total}`);
    if (bot.bank() && lean.canBank(s)) step({ type: 'bank', seat });
  }
  return { trace, state: s };
}

const GAMES = 25;

describe.each(PRESET_IDS)('%s', (id: PresetId) => {
  it(`${GAMES} games with 2–4 players: keys, faces and applyAction play the same game`, () => {
    const rules = preset(id);
    let keeps = 0;
    for (let g = 0; g < GAMES; g++) {
      const players = 2 + (g % 3);
      const seed = g * 7919 + 17;
      const keyed = viaLean(rules, players, seed, true);
      const faces = viaLean(rules, players, seed, false);
      const applied = viaApply(rules, players, seed);
      expect(keyed.trace).toEqual(faces.trace);
      expect(keyed.trace).toEqual(applied.trace);
      expect(keyed.state).toEqual(faces.state);
      expect(keyed.state).toEqual(applied.state);
      keeps += keyed.trace.length / 2;
    }
    // Games that end at once would prove little.
    expect(keeps).toBeGreaterThan(GAMES * 20);
  });
});

describe('rollKeyed', () => {
  it('puts the frozen ascending faces in front of the player, so writing to them throws', () => {
    const rules = preset('serendipity-creak');
    const table = scoringTable(rules);
    const s = lean.initialState(rules, 2, 0);
    const dice = seededDice(3);
    let i = lean.rollKeyed(s, table, dice);
    while (i < 0) i = lean.rollKeyed(s, table, dice);
    const roll = s.turn.roll!;
    expect(roll).toEqual([...roll].sort((a, b) => a - b));
    expect(() => {
      roll[0] = 6;
    }).toThrow(TypeError);
  });
});

describe('the scoring table by dense index', () => {
  test.prop([
    fc.constantFrom(...PRESET_IDS),
    fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 10 }),
    fc.integer({ min: 0, max: 63 }),
  ])('indexOf, infoAt, zilchAt and facesAt agree with byKey', (id, faces, held) => {
    const rules = preset(id);
    fc.pre(faces.length <= rules.dice);
    const table = scoringTable(rules);
    const key = keyOfFaces(faces);
    const i = table.indexOf(key, held);
    expect(table.indexOf(key, held)).toBe(i);
    const info = table.byKey(key, held);
    expect(table.infoAt(i)).toBe(info);
    expect(table.zilchAt(i)).toBe(info.zilch);
    expect(table.facesAt(i)).toEqual([...faces].sort((a, b) => a - b));
  });
});
