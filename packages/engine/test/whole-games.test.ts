/**
 * Thousands of whole games of every preset between random legal bots: through `applyAction`
 * with a check after every action, and on the lean path that simulations use.
 */
import { describe, expect, it } from 'vitest';
import {
  lean,
  preset,
  PRESET_IDS,
  scoringTable,
  seededDice,
  type GameEvent,
  type GameState,
  type PresetId,
} from '../src/index.ts';
import { botRandom, playRandomGame } from './support/random-game.ts';

const GAMES_APPLY = 300;
const GAMES_LEAN = 1000;

/** Invariants that hold after every action; names the first one broken (plain checks: expect is slow per step). */
function brokenInvariant(s: GameState): string | null {
  const r = s.rules;
  const t = s.turn;
  if (t.total % 50 !== 0) return 'running total not a multiple of 50';
  if (s.scores.some((v) => v % 50 !== 0)) return 'score not a multiple of 50';
  if (s.current < 0 || s.current >= s.players) return 'no such seat on turn';
  if (s.phase === 'over') return null;
  if (t.available < 1 || t.available > r.dice) return `${t.available} dice available`;
  if ((s.offer !== null) !== (s.phase === 'choose')) return 'offer outside phase choose';
  if ((t.roll !== null) !== (s.phase === 'keep')) return 'roll outside phase keep';
  if (t.roll && t.roll.length !== t.available) return 'roll size differs from dice available';
  if (!r.lockOnHotDice && t.locked !== 0) return 'lock without the lock rule';
  if (t.locked > t.total) return 'lock above the running total';
  if (!r.hotDiceDoubling && t.held !== 0) return 'held set without extensions';
  if (s.finalRound && s.finalRound.turnsLeft <= 0) return 'final round should be over';
  if (s.phase === 'decide' && t.rolls === 0) return 'deciding before any roll';
  return null;
}

/** Which rules a batch of games exercised, so a quiet batch cannot pass unnoticed. */
function features(events: readonly GameEvent[]): Set<string> {
  const seen = new Set<string>();
  for (const e of events) {
    seen.add(e.type);
    if (e.type === 'zilch' && e.locked > 0) seen.add('lock-banked');
  }
  return seen;
}

const EXPECTED: Record<PresetId, string[]> = {
  'serendipity-creak': ['inherited', 'fresh', 'hot-dice', 'final-round', 'zilch'],
  classic: ['hot-dice', 'final-round', 'zilch'],
  'hot-dice': ['hot-dice', 'final-round', 'zilch'],
  'ten-dice': ['inherited', 'fresh', 'hot-dice', 'lock-banked', 'final-round'],
  'zilch-online': ['penalty', 'hot-dice', 'final-round', 'zilch'],
  'farkle-2017': ['hot-dice', 'zilch'],
};
const NEVER: Record<PresetId, string[]> = {
  'serendipity-creak': ['penalty', 'lock-banked'],
  classic: ['offer', 'penalty', 'lock-banked'],
  'hot-dice': ['offer', 'penalty'],
  'ten-dice': ['penalty'],
  'zilch-online': ['offer', 'lock-banked'],
  'farkle-2017': ['offer', 'final-round', 'penalty'],
};

describe.each(PRESET_IDS)('%s', (id) => {
  it(`${GAMES_APPLY} random games through applyAction, checked after every action`, () => {
    const rules = preset(id);
    const seen = new Set<string>();
    for (let g = 0; g < GAMES_APPLY; g++) {
      const players = 2 + (g % 3);
      const played = playRandomGame(rules, players, g * 7919 + 1, ({ after }) => {
        const broken = brokenInvariant(after);
        if (broken) throw new Error(`game ${g}: ${broken}`);
      });
      const s = played.state;
      const top = Math.max(...s.scores);
      expect(s.winners).toEqual(s.scores.flatMap((v, i) => (v === top ? [i] : [])));
      for (const f of features(played.events)) seen.add(f);
    }
    for (const f of EXPECTED[id]) expect(seen, f).toContain(f);
    for (const f of NEVER[id]) expect(seen, f).not.toContain(f);
  });

  it(`${GAMES_LEAN} random games on the lean path end with the top scores winning`, () => {
    const rules = preset(id);
    const table = scoringTable(rules);
    let finalRounds = 0;
    for (let g = 0; g < GAMES_LEAN; g++) {
      const players = 2 + (g % 4);
      const dice = seededDice(g + 1);
      const rnd = botRandom(g + 1);
      const s = lean.initialState(rules, players, lean.chooseFirst(rules, players, dice).seat);
      let steps = 0;
      while (s.phase !== 'over') {
        if (++steps > 100_000) throw new Error(`lean game ${g} did not end`);
        if (s.phase === 'choose') lean.choose(s, rnd() < 0.5, null);
        const info = lean.roll(s, table, dice, null);
        if (!info) continue; // a zilch ended the turn
        lean.keep(s, info.options[Math.floor(rnd() * info.options.length)]!, null, null);
        if (lean.canBank(s) && rnd() < 0.3) lean.bank(s, null);
      }
      const top = Math.max(...s.scores);
      expect(s.winners).toEqual(s.scores.flatMap((v, i) => (v === top ? [i] : [])));
      expect(s.scores.some((v) => v >= rules.target)).toBe(true);
      if (s.finalRound) finalRounds += 1;
    }
    expect(finalRounds > 0).toBe(rules.end === 'final-round');
  });
});
