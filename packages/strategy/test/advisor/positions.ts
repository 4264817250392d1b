// Positions for the advisor tests: random legal play from a fresh game, through the engine.
import {
  applyAction,
  legalActions,
  lean,
  seededDice,
  type GameState,
  type RuleSet,
} from '@zilch/engine';

/** A position reached by random legal play from a fresh game. */
export function randomPosition(
  rules: RuleSet,
  players: number,
  seed: number,
  steps: number,
): GameState {
  const dice = seededDice(seed);
  let s: GameState = lean.initialState(rules, players, seed % players);
  let x = seed;
  for (let i = 0; i < steps && s.phase !== 'over'; i++) {
    const legal = legalActions(s);
    x = (x * 1103515245 + 12345) >>> 0;
    const r = applyAction(s, legal[x % legal.length]!, dice);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return s;
}

/**
 * A two-player position from random legal play, then moved to the scores a and b (units of
 * 50) below the target; a finished game or a final round is left as it is.
 */
export function randomScoredPosition(
  rules: RuleSet,
  seed: number,
  steps: number,
  a: number,
  b: number,
): GameState {
  const s = randomPosition(rules, 2, seed, steps);
  if (s.phase === 'over' || s.finalRound) return s;
  const scores = [a * 50, b * 50];
  return { ...s, scores, onBoard: scores.map((v) => v > 0) };
}
