/**
 * The rules of play as mutations of a GameState. `apply` runs them on a copy and records
 * events; simulations run the very same functions in place with no event sink (the lean path).
 */
import type { DiceSource, KeyedDiceSource } from '../dice/source.ts';
import type { RuleSet } from '../rules/schema.ts';
import { heldOf, NO_SETS } from '../scoring/split.ts';
import {
  optionGain,
  optionSets,
  type RollInfo,
  type ScoringOption,
  type ScoringTable,
} from '../scoring/table.ts';
import type { GameEvent, GameState, Offer, TurnState } from './types.ts';

/** Receives events; null on the lean path. */
export type Emit = ((e: GameEvent) => void) | null;

/** A turn with nothing in it yet. */
export function freshTurn(rules: RuleSet): TurnState {
  return {
    total: 0,
    available: rules.dice,
    locked: 0,
    held: 0,
    sets: NO_SETS,
    roll: null,
    hot: false,
    inherited: 0,
    rolls: 0,
  };
}

/** A new game whose first player is already chosen. */
export function initialState(rules: RuleSet, players: number, first: number): GameState {
  // Filled by a loop, not Array.fill: no builtin call and no extra capacity, once per game of a
  // simulation that plays hundreds of thousands a second. (Packed arrays by push measured no
  // faster: push allocates room for 16 more.)
  const scores = new Array<number>(players);
  const onBoard = new Array<boolean>(players);
  const zilchStreak = new Array<number>(players);
  for (let i = 0; i < players; i++) {
    scores[i] = 0;
    onBoard[i] = false;
    zilchStreak[i] = 0;
  }
  return {
    rules,
    players,
    scores,
    onBoard,
    zilchStreak,
    current: first,
    phase: 'roll',
    turn: freshTurn(rules),
    offer: null,
    finalRound: null,
    turnNumber: 1,
    winners: [],
  };
}

/** Chooses the first player from the dice, as the rule set says. */
export function chooseFirst(
  rules: RuleSet,
  players: number,
  dice: DiceSource,
): { seat: number; rollOff: { seat: number; dice: number[] }[][] } {
  if (rules.firstPlayer === 'seat-1') return { seat: 0, rollOff: [] };
  if (rules.firstPlayer === 'random') {
    // Two dice give 36 equally likely values; reject the top few so every seat is equally likely.
    const limit = 36 - (36 % players);
    for (;;) {
      const two = dice.roll(2);
      const v = ((two[0] as number) - 1) * 6 + ((two[1] as number) - 1);
      if (v < limit) return { seat: v % players, rollOff: [] };
    }
  }
  const rounds: { seat: number; dice: number[] }[][] = [];
  let contenders = Array.from({ length: players }, (_, i) => i);
  for (;;) {
    const round = contenders.map((seat) => ({ seat, dice: dice.roll(rules.dice) }));
    rounds.push(round);
    const sums = round.map((r) => r.dice.reduce((x, y) => x + y, 0));
    const top = Math.max(...sums);
    contenders = round.filter((_, i) => sums[i] === top).map((r) => r.seat);
    if (contenders.length === 1) return { seat: contenders[0] as number, rollOff: rounds };
  }
}

/** The running total a bank needs now: the larger of the minimums that apply. */
export function bankMinimum(s: GameState): number {
  const r = s.rules;
  return Math.max(r.bankMinimum, s.onBoard[s.current] ? 0 : r.openingMinimum);
}

/** Whether the player on turn may bank now. */
export function canBank(s: GameState): boolean {
  // bankMinimum's test without Math.max, and the seat's onBoard only when the total is short.
  const r = s.rules;
  const total = s.turn.total;
  return (
    s.phase === 'decide' &&
    total >= r.bankMinimum &&
    (total >= r.openingMinimum || s.onBoard[s.current] === true)
  );
}

/** Rolls the available dice; returns the roll's info, or null when it was a zilch. */
export function roll(
  s: GameState,
  table: ScoringTable,
  dice: DiceSource,
  emit: Emit,
): RollInfo | null {
  const t = s.turn;
  const faces = dice.roll(t.available);
  t.rolls += 1;
  t.hot = false;
  emit?.({ type: 'rolled', seat: s.current, dice: faces.slice() });
  const info = table.lookup(faces, t.held);
  if (info.zilch) {
    if (mercyApplies(s)) mercy(s, emit);
    else zilch(s, emit);
    return null;
  }
  t.roll = faces;
  s.phase = 'keep';
  return info;
}

/**
 * `roll` for simulations whose players go by what the dice show, not where each die lies: the
 * same dice from the same source, so the same game, made as the roll's multiset key alone.
 * Returns the roll's dense index in the table (`table.infoAt(i)` is its info), or -1 when it
 * was a zilch. The roll in front of the player is its faces in ascending order (the table's
 * frozen array, shared by every such roll). No events: this is the lean path only.
 */
export function rollKeyed(s: GameState, table: ScoringTable, dice: KeyedDiceSource): number {
  const t = s.turn;
  const i = table.indexOf(dice.rollKey(t.available), t.held);
  t.rolls += 1;
  t.hot = false;
  const faces = table.scoringFacesAt(i);
  if (faces === null) {
    zilch(s, null);
    return -1;
  }
  // The state's type says number[] for JSON's sake; this array is frozen, so a write throws.
  t.roll = faces as number[];
  s.phase = 'keep';
  return i;
}

/** Keeps one legal selection from the roll in front of the player. */
export function keep(
  s: GameState,
  option: ScoringOption,
  positions: number[] | null,
  emit: Emit,
): void {
  const t = s.turn;
  const gain = optionGain(option, t.total, t.sets);
  if (option.grows) {
    t.sets = optionSets(option, t.sets);
    t.held = heldOf(t.sets);
    setAside(t, gain, option.dice, 0);
  } else setAside(t, gain, option.dice, option.forms);
  if (emit) {
    emit({
      type: 'kept',
      seat: s.current,
      positions: positions ?? [],
      faces: option.keep.slice(),
      points: gain,
      total: t.total,
    });
  }
  afterKeep(s, emit);
}

/**
 * `keep` on the lean path from the numbers of the option kept: the points it adds now
 * (`optionGain` at the running total), its dice and the held sets it forms. For simulations
 * that decide from tables of numbers rather than option objects; the rules are keep's own.
 * Not for growing sets (`setDoubling`): those keeps need the option's held-set values.
 */
export function keepScored(s: GameState, points: number, dice: number, forms: number): void {
  setAside(s.turn, points, dice, forms);
  afterKeep(s, null);
}

function setAside(t: TurnState, gain: number, dice: number, forms: number): void {
  t.total += gain;
  t.held |= forms;
  t.available -= dice;
}

/** After a keep the player decides; hot dice bring every die back (and lock, in Ten Dice). */
function afterKeep(s: GameState, emit: Emit): void {
  const t = s.turn;
  t.roll = null;
  s.phase = 'decide';
  // Out of line: a keep runs on every roll, hot dice come now and then (small bodies inline).
  if (t.available === 0) hotDice(s, t, emit);
}

/** Hot dice: every die comes back (and the total locks, in Ten Dice). */
function hotDice(s: GameState, t: TurnState, emit: Emit): void {
  t.available = s.rules.dice;
  t.held = 0;
  t.sets = NO_SETS;
  t.hot = true;
  if (s.rules.lockOnHotDice) t.locked = t.total;
  emit?.({ type: 'hot-dice', seat: s.current, locked: t.locked });
}

/** Banks the running total and passes the turn, with an offer where the rules make one. */
export function bank(s: GameState, emit: Emit): void {
  const t = s.turn;
  addToScore(s, t.total, emit);
  const offers = s.rules.offers;
  const offer =
    offers && (offers.afterHotDice || !t.hot) ? { points: t.total, dice: t.available } : null;
  endTurn(s, offer, emit);
}

/** Takes the offer (true) or starts fresh (false). */
export function choose(s: GameState, inherit: boolean, emit: Emit): void {
  const offer = s.offer as Offer;
  s.offer = null;
  s.phase = 'roll';
  if (inherit) {
    const t = s.turn;
    t.total = offer.points;
    t.available = offer.dice;
    t.inherited = offer.points;
  }
  // The events apart: simulations choose about once a turn and inline a small body.
  if (emit) announceChoice(s.current, inherit, offer, emit);
}

/** The event of a choice between the offer and a fresh turn. */
function announceChoice(
  seat: number,
  inherit: boolean,
  offer: Offer,
  emit: (e: GameEvent) => void,
): void {
  emit(
    inherit
      ? { type: 'inherited', seat, points: offer.points, dice: offer.dice }
      : { type: 'fresh', seat },
  );
}

/** A turn that ran out of time: a zilch that gives no offer and does not count toward the penalty. */
export function timeout(s: GameState, emit: Emit): void {
  emit?.({ type: 'timeout', seat: s.current });
  s.offer = null;
  if (s.turn.locked > 0) addToScore(s, s.turn.locked, emit);
  endTurn(s, null, emit);
}

/**
 * The seat on turn forfeits (absent too long): the game ends at once and the best score among
 * the other seats wins (with two players, simply the other one).
 */
export function forfeit(s: GameState, emit: Emit): void {
  const seat = s.current;
  emit?.({ type: 'forfeit', seat });
  let top = -Infinity;
  for (let i = 0; i < s.players; i++)
    if (i !== seat && (s.scores[i] as number) > top) top = s.scores[i] as number;
  const winners: number[] = [];
  for (let i = 0; i < s.players; i++) if (i !== seat && s.scores[i] === top) winners.push(i);
  over(s, winners, emit);
}

/** The seat on turn never showed up: the game ends with no winner (nothing to rate or count). */
export function abort(s: GameState, emit: Emit): void {
  emit?.({ type: 'aborted', seat: s.current });
  over(s, [], emit);
}

function over(s: GameState, winners: number[], emit: Emit): void {
  s.phase = 'over';
  s.offer = null;
  s.turn.roll = null;
  s.winners = winners;
  emit?.({ type: 'game-over', winners: winners.slice(), scores: s.scores.slice() });
}

/**
 * First-roll mercy: whether a zilch now is the fresh turn's first roll. An inherited turn
 * gets none (an offer of 0 points with every die starts a turn exactly like a fresh one).
 */
function mercyApplies(s: GameState): boolean {
  const t = s.turn;
  // The roll count first: most zilches are not on a first roll, and the rule is rarely on.
  return t.rolls === 1 && t.inherited === 0 && s.rules.firstRollMercy != null;
}

/** The mercy: its points join the running total and every die is rolled once more. */
function mercy(s: GameState, emit: Emit): void {
  const t = s.turn;
  const points = (s.rules.firstRollMercy as { points: number }).points;
  t.total += points;
  t.available = s.rules.dice;
  t.roll = null;
  s.phase = 'roll';
  emit?.({ type: 'mercy', seat: s.current, points, total: t.total });
}

function zilch(s: GameState, emit: Emit): void {
  const t = s.turn;
  const seat = s.current;
  emit?.({ type: 'zilch', seat, lost: t.total, locked: t.locked });
  if (t.locked > 0) addToScore(s, t.locked, emit);
  else {
    const penalty = s.rules.zilchPenalty;
    s.zilchStreak[seat]! += 1;
    if (penalty && (s.zilchStreak[seat] as number) >= penalty.zilches) {
      s.scores[seat]! -= penalty.points;
      s.zilchStreak[seat] = 0;
      emit?.({ type: 'penalty', seat, points: penalty.points, score: s.scores[seat] as number });
    }
  }
  endTurn(s, null, emit);
}

function addToScore(s: GameState, points: number, emit: Emit): void {
  const seat = s.current;
  s.scores[seat]! += points;
  s.onBoard[seat] = true;
  s.zilchStreak[seat] = 0;
  emit?.({ type: 'banked', seat, points, score: s.scores[seat] as number });
}

function endTurn(s: GameState, offer: Offer | null, emit: Emit): void {
  const seat = s.current;
  // Outside a play-off `winners` is empty until the game is over.
  const playOff = s.winners;
  const end = afterTurn(s, seat, playOff, emit);
  if (end === 'over') return;
  let next: number;
  if (end === 'play-off') {
    // A play-off round starts afresh: an offer from the turn that ended the game lapses.
    offer = null;
    next = s.winners[0] as number;
  } else if (playOff.length > 0) next = playOff[playOff.indexOf(seat) + 1] as number;
  else next = seat + 1 === s.players ? 0 : seat + 1;
  s.current = next;
  s.turnNumber += 1;
  const t = s.turn;
  t.total = 0;
  t.available = s.rules.dice;
  t.locked = 0;
  t.held = 0;
  t.sets = NO_SETS;
  t.roll = null;
  t.hot = false;
  t.inherited = 0;
  t.rolls = 0;
  s.offer = offer;
  s.phase = offer ? 'choose' : 'roll';
  if (emit) announceTurn(next, offer, emit);
}

/** The events of a turn that starts (apart from endTurn: the lean path runs endTurn bare). */
function announceTurn(next: number, offer: Offer | null, emit: (e: GameEvent) => void): void {
  if (offer) emit({ type: 'offer', to: next, points: offer.points, dice: offer.dice });
  emit({ type: 'turn-started', seat: next, offer });
}

/**
 * Whether the turn `seat` just ended ends the game: 'on', or what `finish` made of it. Starts
 * the final round when the target is reached. ('on' rather than null: a comparison of strings
 * only stays a pointer comparison in optimized code.)
 */
function afterTurn(
  s: GameState,
  seat: number,
  playOff: readonly number[],
  emit: Emit,
): 'on' | 'over' | 'play-off' {
  const r = s.rules;
  if (playOff.length > 0) return seat === playOff[playOff.length - 1] ? finish(s, emit) : 'on';
  if (r.rounds) return s.turnNumber >= r.rounds * s.players ? finish(s, emit) : 'on';
  if (r.end === 'immediate') return (s.scores[seat] as number) >= r.target ? finish(s, emit) : 'on';
  const final = s.finalRound;
  if (final) {
    final.turnsLeft -= 1;
    return final.turnsLeft <= 0 ? finish(s, emit) : 'on';
  }
  if ((s.scores[seat] as number) >= r.target) {
    s.finalRound = { by: seat, turnsLeft: s.players - 1 };
    emit?.({ type: 'final-round', by: seat });
  }
  return 'on';
}

/**
 * The game has reached its end: either it is over, or (ties: 'play-off') the players tied on
 * the highest score play a further round, one turn each in seat order from the seat after
 * the one that just played; `winners` then lists them in that order.
 */
function finish(s: GameState, emit: Emit): 'over' | 'play-off' {
  // Plain loops: this runs once per simulated game, and simulations play millions.
  const scores = s.scores;
  // In a play-off only the players still in it can win.
  const inPlay = s.winners.length > 0 ? s.winners : null;
  let top = -Infinity;
  for (let i = 0; i < scores.length; i++)
    if ((!inPlay || inPlay.includes(i)) && (scores[i] as number) > top) top = scores[i] as number;
  const winners: number[] = [];
  for (let i = 0; i < scores.length; i++)
    if ((!inPlay || inPlay.includes(i)) && scores[i] === top) winners.push(i);
  if (winners.length > 1 && s.rules.ties === 'play-off') {
    const from = s.current + 1;
    s.winners = winners.sort(
      (a, b) => ((a - from + s.players) % s.players) - ((b - from + s.players) % s.players),
    );
    return 'play-off';
  }
  s.phase = 'over';
  s.offer = null;
  s.turn.roll = null;
  s.winners = winners;
  emit?.({ type: 'game-over', winners: s.winners.slice(), scores: s.scores.slice() });
  return 'over';
}
