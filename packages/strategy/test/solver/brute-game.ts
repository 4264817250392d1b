/**
 * An independent two-player solver for tiny rule sets: value iteration over the engine's
 * own game states (every reachable state, ordered rolls, every legal action), with a cap on
 * the running total above which the player banks. It shares nothing with the solver but the
 * engine, so agreement checks the solver's state space, transitions and fixed points.
 */
import {
  applyAction,
  legalActions,
  lean,
  recordedDice,
  type Action,
  type GameState,
  type RuleSet,
} from '@zilch/engine';

interface Node {
  state: GameState;
  /** Decision: each action leads to one or more (probability, node) outcomes. */
  moves: { action: Action; outs: [number, number][] }[];
  terminal: number | null;
}

/** Result of a brute-force solve from player 0 starting. */
export interface BruteResult {
  /** P(player 0 wins) + ½ P(tie) under optimal play. */
  value: number;
  /** Under the optimal policy: outright wins of each seat and ties. */
  win0: number;
  win1: number;
  tie: number;
  states: number;
  /** With `policy0`: P(win) + ½ P(tie) of player 0 playing it against player 1's optimal play. */
  policyValue?: number;
}

/** A fixed player-0 policy: the action it takes among those the brute force weighs. */
export type Policy0 = (s: GameState, actions: readonly Action[]) => Action;

/** A game state's identity for value iteration: what the next moves and values depend on. */
export const stateKey = (s: GameState): string =>
  JSON.stringify([
    s.scores,
    s.current,
    s.phase,
    s.turn.total,
    s.turn.available,
    s.turn.roll ? s.turn.roll.slice().sort() : null,
    s.turn.hot,
    s.turn.held,
    s.offer,
    s.finalRound,
    s.onBoard,
    // The engine counts zilches in a row under any rules; they matter (and stay bounded) only
    // under a zilch penalty.
    s.rules.zilchPenalty ? s.zilchStreak : null,
  ]);

export const noDice = recordedDice([]);

/**
 * Where an action leads, as (probability, node) pairs: a roll to every roll once in sorted order,
 * weighed by its number of orderings (the same faces in any order give the same options).
 */
export function moveOutcomes(
  s: GameState,
  action: Action,
  add: (s: GameState) => number,
): [number, number][] {
  const step = (dice: ReturnType<typeof recordedDice>): number => {
    const res = applyAction(s, action, dice);
    if (!res.ok) throw new Error(res.error.message);
    return add(res.state);
  };
  if (action.type !== 'roll') return [[1, step(noDice)]];
  const n = s.turn.available;
  const outs = new Map<number, number>();
  for (const faces of sortedRolls(n)) {
    const to = step(recordedDice([faces]));
    outs.set(to, (outs.get(to) ?? 0) + orderings(faces) * 6 ** -n);
  }
  return [...outs].map(([to, p]) => [p, to]);
}

/**
 * Solves a tiny rule set by value iteration; `cap` is the running total that forces a bank.
 * With `ceiling` (points, for Hot Dice doubling, where totals have no bound): once the score a
 * bank would reach gets to the ceiling (and the total to the minimum), the player banks; in
 * the final round a bank that wins is made at once (nothing can do better), which keeps the
 * last turn finite too. With `floor` (points, for a zilch penalty, where scores have no
 * lower bound), a score below it ends the game as a loss for that player.
 */
export function bruteGame(
  rules: RuleSet,
  cap: number,
  ceiling?: number,
  floor = -Infinity,
  policy0?: Policy0,
): BruteResult {
  const nodes: Node[] = [];
  const index = new Map<string, number>();
  const add = (s: GameState): number => {
    const k = stateKey(s);
    const hit = index.get(k);
    if (hit !== undefined) return hit;
    const id = nodes.length;
    index.set(k, id);
    // A zilch penalty below the floor (points) ends the game as a loss for that player.
    const below = s.scores.findIndex((x) => x < floor);
    const terminal =
      below >= 0
        ? below === 0
          ? 0
          : 1
        : s.phase === 'over'
          ? s.winners.length === 2
            ? 0.5
            : s.winners[0] === 0
              ? 1
              : 0
          : null;
    nodes.push({ state: s, moves: [], terminal });
    return id;
  };
  const start = add(lean.initialState(rules, 2, 0));
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const s = node.state;
    if (node.terminal !== null) continue;
    let actions = legalActions(s);
    const score = s.scores[s.current]!;
    const min = Math.max(rules.bankMinimum, s.onBoard[s.current] ? 0 : rules.openingMinimum);
    const stop = ceiling === undefined ? Infinity : Math.max(ceiling - score, min);
    if (s.phase === 'decide' && s.finalRound && score + s.turn.total > Math.max(...s.scores))
      actions = actions.filter((a) => a.type === 'bank');
    else if (s.phase === 'decide' && !s.finalRound && s.turn.total >= stop)
      actions = actions.filter((a) => a.type === 'bank');
    else if (s.phase === 'decide' && s.turn.total > cap)
      actions = actions.filter((a) => a.type === 'bank');
    if (s.phase === 'keep') actions = actions.filter((a) => a.type !== 'keep' || a.then !== 'bank');
    for (const action of actions) {
      node.moves.push({ action, outs: moveOutcomes(s, action, add) });
    }
  }
  const V = new Float64Array(nodes.length).fill(0.5);
  nodes.forEach((n, i) => {
    if (n.terminal !== null) V[i] = n.terminal;
  });
  const choice = new Int32Array(nodes.length);
  const moveValue = (m: Node['moves'][number], X: Float64Array): number =>
    m.outs.reduce((acc, [p, to]) => acc + p * X[to]!, 0);
  for (let iter = 0; iter < 100_000; iter++) {
    let delta = 0;
    for (let i = nodes.length - 1; i >= 0; i--) {
      const n = nodes[i]!;
      if (n.terminal !== null) continue;
      const max = n.state.current === 0;
      let best = max ? -1 : 2;
      n.moves.forEach((m, k) => {
        const v = moveValue(m, V);
        if (max ? v > best : v < best) {
          best = v;
          choice[i] = k;
        }
      });
      delta = Math.max(delta, Math.abs(best - V[i]!));
      V[i] = best;
    }
    if (delta < 1e-14) break;
  }
  // The same policy, evaluated for each seat's outright wins and for ties.
  const evaluate = (payoff: (winners: number[]) => number): number => {
    const X = new Float64Array(nodes.length);
    nodes.forEach((n, i) => {
      if (n.terminal !== null) X[i] = payoff(n.state.winners);
    });
    for (let iter = 0; iter < 100_000; iter++) {
      let delta = 0;
      for (let i = nodes.length - 1; i >= 0; i--) {
        const n = nodes[i]!;
        if (n.terminal !== null) continue;
        const v = moveValue(n.moves[choice[i]!]!, X);
        delta = Math.max(delta, Math.abs(v - X[i]!));
        X[i] = v;
      }
      if (delta < 1e-14) break;
    }
    return X[start]!;
  };
  const win0 = evaluate((w) => (w.length === 1 && w[0] === 0 ? 1 : 0));
  const win1 = evaluate((w) => (w.length === 1 && w[0] === 1 ? 1 : 0));
  const tie = evaluate((w) => (w.length === 2 ? 1 : 0));
  let policyValue: number | undefined;
  if (policy0) {
    // Player 0's choices replaced by the policy's, player 1's kept (optimal): that value.
    nodes.forEach((n, i) => {
      if (n.terminal !== null || n.state.current !== 0 || n.moves.length < 2) return;
      const pick = policy0(
        n.state,
        n.moves.map((m) => m.action),
      );
      const k = n.moves.findIndex((m) => m.action === pick);
      if (k < 0) throw new Error('policy0 chose an action outside the list');
      choice[i] = k;
    });
    policyValue = evaluate((w) => (w.length === 2 ? 0.5 : w[0] === 0 ? 1 : 0));
  }
  return {
    policyValue,
    value: V[start]!,
    win0,
    win1,
    tie,
    states: nodes.length,
  };
}

/** Every roll of n dice as a non-decreasing list of faces. */
function sortedRolls(n: number, from = 1): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (let f = from; f <= 6; f++) for (const rest of sortedRolls(n - 1, f)) out.push([f, ...rest]);
  return out;
}

/** How many ordered rolls show these faces: n! over the factorials of each face's count. */
function orderings(faces: number[]): number {
  const fact = (k: number): number => (k <= 1 ? 1 : k * fact(k - 1));
  const counts = [1, 2, 3, 4, 5, 6].map((f) => faces.filter((x) => x === f).length);
  return counts.reduce((acc, c) => acc / fact(c), fact(faces.length));
}
