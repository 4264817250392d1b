/**
 * Whole games between random legal bots through `applyAction`, recording a GameLog as
 * they go. A hook sees every accepted action so properties can check each step.
 */
import {
  applyAction,
  createGame,
  legalActions,
  recordingDice,
  seededDice,
  type Action,
  type GameEvent,
  type GameLog,
  type GameState,
  type LogEntry,
  type RuleSet,
} from '../../src/index.ts';

/** A small seeded PRNG for the bots' choices (mulberry32), apart from the dice. */
export function botRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks a random legal action; `bankChance` is how often it banks when it may. */
function randomAction(s: GameState, rnd: () => number, bankChance: number): Action {
  const actions = legalActions(s);
  if (s.phase === 'decide' && actions.length === 2)
    return rnd() < bankChance ? actions[1]! : actions[0]!;
  return actions[Math.floor(rnd() * actions.length)]!;
}

/** What one accepted step looked like. */
export interface Step {
  readonly before: GameState;
  readonly action: Action;
  readonly after: GameState;
  readonly events: GameEvent[];
}

/** The end of a random game. */
export interface Played {
  readonly state: GameState;
  readonly events: GameEvent[];
  readonly log: GameLog;
  readonly steps: number;
}

/** Most actions a random game may take before the test calls it endless. */
const MAX_STEPS = 200_000;

/** Plays one game of random legal bots to the end. */
export function playRandomGame(
  rules: RuleSet,
  players: number,
  seed: number,
  onStep?: (step: Step) => void,
): Played {
  const dice = recordingDice(seededDice(seed));
  const rnd = botRandom(seed ^ 0x5bd1e995);
  const bankChance = 0.2 + 0.6 * rnd();
  const created = createGame(rules, players, dice);
  if (!created.ok) throw new Error(created.error.message);
  const setupDice = dice.take();
  const entries: LogEntry[] = [];
  const events = created.events.slice();
  let state = created.state;
  let steps = 0;
  while (state.phase !== 'over') {
    if (++steps > MAX_STEPS) throw new Error(`game ${seed} did not end in ${MAX_STEPS} actions`);
    const action = randomAction(state, rnd, bankChance);
    const r = applyAction(state, action, dice);
    if (!r.ok) throw new Error(`legal action refused: ${r.error.code} ${r.error.message}`);
    entries.push({ action, dice: dice.take() });
    onStep?.({ before: state, action, after: r.state, events: r.events });
    events.push(...r.events);
    state = r.state;
  }
  return { state, events, log: { rules, players, setupDice, entries }, steps };
}
