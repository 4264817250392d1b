/**
 * An independent three-player solver for tiny rule sets: value iteration over the engine's
 * own game states (every reachable state, every roll, every legal action), each seat
 * maximising its own share of the win, with the solver's tie-break (bank before roll, keeps
 * with most points first then fewest dice left, fresh before inherit) and a cap on the
 * running total above which the player banks. It shares nothing with the solver but the
 * engine.
 */
import {
  applyAction,
  legalActions,
  lean,
  type Action,
  type GameState,
  type RuleSet,
} from '@zilch/engine';
import { moveOutcomes, noDice, stateKey } from './brute-game.ts';

const TIE_EPS = 1e-12;

interface Node {
  state: GameState;
  /** Moves in tie-break order; each leads to one or more (probability, node) outcomes. */
  moves: { outs: [number, number][] }[];
  terminal: boolean;
}

/** Result of a brute-force solve from seat 0 starting. */
export interface Brute3Result {
  /** Each seat's share of the win under the equilibrium. */
  values: number[];
  states: number;
}

/** The rank of an action in the tie-break order (lower first). */
function rank(s: GameState, a: Action): number {
  switch (a.type) {
    case 'bank':
    case 'fresh':
      return 0;
    case 'roll':
    case 'inherit':
      return 1;
    case 'keep': {
      const res = applyAction(s, a, noDice);
      if (!res.ok) throw new Error(res.error.message);
      // Most points first, then fewest dice left.
      return 1e6 - res.state.turn.total * 100 + res.state.turn.available;
    }
    default:
      return 2;
  }
}

/** Solves a tiny rule set for `players` seats; `cap` is the running total that forces a bank. */
export function bruteGame3(rules: RuleSet, cap: number, players = 3): Brute3Result {
  const P = players;
  const nodes: Node[] = [];
  const index = new Map<string, number>();
  const add = (s: GameState): number => {
    const k = stateKey(s);
    const hit = index.get(k);
    if (hit !== undefined) return hit;
    index.set(k, nodes.length);
    nodes.push({ state: s, moves: [], terminal: s.phase === 'over' });
    return nodes.length - 1;
  };
  const start = add(lean.initialState(rules, P, 0));
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const s = node.state;
    if (node.terminal) continue;
    let actions = legalActions(s);
    if (s.phase === 'decide' && s.turn.total > cap)
      actions = actions.filter((a) => a.type === 'bank');
    if (s.phase === 'keep') actions = actions.filter((a) => a.type !== 'keep' || a.then !== 'bank');
    actions = actions
      .map((a) => ({ a, r: rank(s, a) }))
      .sort((x, y) => x.r - y.r)
      .map((x) => x.a);
    for (const action of actions) node.moves.push({ outs: moveOutcomes(s, action, add) });
  }
  const V = new Float64Array(nodes.length * P).fill(1 / P);
  nodes.forEach((n, i) => {
    if (!n.terminal) return;
    const w = n.state.winners;
    for (let k = 0; k < P; k++) V[i * P + k] = w.includes(k) ? 1 / w.length : 0;
  });
  const acc = new Float64Array(P);
  for (let iter = 0; iter < 100_000; iter++) {
    let delta = 0;
    for (let i = nodes.length - 1; i >= 0; i--) {
      const n = nodes[i]!;
      if (n.terminal) continue;
      const me = n.state.current;
      let best = -1;
      let bestMove = 0;
      n.moves.forEach((m, k) => {
        let v = 0;
        for (const [p, to] of m.outs) v += p * V[to * P + me]!;
        if (v > best + TIE_EPS) [best, bestMove] = [v, k];
      });
      acc.fill(0);
      for (const [p, to] of n.moves[bestMove]!.outs)
        for (let k = 0; k < P; k++) acc[k] += p * V[to * P + k]!;
      for (let k = 0; k < P; k++) {
        delta = Math.max(delta, Math.abs(acc[k]! - V[i * P + k]!));
        V[i * P + k] = acc[k]!;
      }
    }
    if (delta < 1e-15) break;
  }
  return { values: Array.from(V.subarray(start * P, start * P + P)), states: nodes.length };
}
