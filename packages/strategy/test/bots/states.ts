import {
  applyInPlace,
  legalActions,
  lean,
  PRESET_IDS,
  preset,
  seededDice,
  type Action,
  type GameState,
  type PresetId,
  type RuleSet,
} from '@zilch/engine';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

const made = new Map<string, RuleSet>();

/**
 * A preset with a lowered target, so short random walks reach final rounds and game ends.
 * The same object each time: solvers cache their work per rule set object.
 */
export function smallRules(id: PresetId, target: number): RuleSet {
  const key = `${id}/${target}`;
  let r = made.get(key);
  if (!r) made.set(key, (r = { ...preset(id), target }));
  return r;
}

/** Applies an action in place through the engine's checked step (the walk only makes legal actions). */
function step(s: GameState, a: Action, seed: number): void {
  const error = applyInPlace(s, a, seededDice(seed));
  if (error) throw new Error(`${error.code}: ${error.message}`);
}

/**
 * A game state reached by `steps` uniformly random legal actions from a fresh game with random
 * starting scores; every phase, offers, final rounds and finished games turn up.
 */
export function randomState(
  rules: RuleSet,
  players: number,
  seed: number,
  steps: number,
): GameState {
  const rng = xoroshiro128plus(seed);
  const s = lean.initialState(rules, players, uniformInt(rng, 0, players - 1));
  const top = rules.target / 50;
  for (let i = 0; i < players; i++) {
    s.scores[i] = 50 * uniformInt(rng, 0, top);
    s.onBoard[i] = s.scores[i]! > 0;
  }
  for (let i = 0; i < steps && s.phase !== 'over'; i++) {
    const acts = legalActions(s);
    step(s, acts[uniformInt(rng, 0, acts.length - 1)] as Action, uniformInt(rng, 0, 1 << 30));
  }
  return s;
}

/** A two-player state of `rules` in the decide phase: the first seat has `total` with `dice` left. */
export function deciding(
  rules: RuleSet,
  scores: [number, number],
  total: number,
  dice: number,
): GameState {
  const s = lean.initialState(rules, 2, 0);
  s.scores = [...scores];
  s.onBoard = [true, true];
  s.phase = 'decide';
  s.turn.total = total;
  s.turn.available = dice;
  s.turn.rolls = 1;
  return s;
}

export { PRESET_IDS };
