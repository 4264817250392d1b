// Counts with nouns and verbs that agree with their subject, so the table never says "1 dice" or
// "You loses". The app speaks English only; Intl.PluralRules still decides which form a count takes.

const RULES = new Intl.PluralRules('en-US');

/** A count as the app writes it, thousands grouped: `figure(1650)` is '1,650'. */
export function figure(n: number): string {
  return n.toLocaleString('en-US');
}

/** The form of a noun that goes with `n`: `noun(1, 'die', 'dice')` is 'die'. */
export function noun(n: number, one: string, other: string): string {
  return RULES.select(n) === 'one' ? one : other;
}

/** A count and its noun: `plural(1, 'die', 'dice')` is '1 die', `plural(1500, 'point', 'points')` is '1,500 points'. */
export function plural(n: number, one: string, other: string): string {
  return `${figure(n)} ${noun(n, one, other)}`;
}

/** Whether a player's display name is the word "you" (the quick game's default name). */
function isYou(name: string): boolean {
  return name.trim().toLowerCase() === 'you';
}

/** A subject and its verb in agreement: `says('Ann', 'wins', 'win')` is 'Ann wins', for "You" 'You win'. */
export function says(subject: string, third: string, base: string): string {
  return `${subject} ${isYou(subject) ? base : third}`;
}

/** Whose something is: 'Ann's', or 'Your' for a player named "You". */
export function possessive(name: string): string {
  return isYou(name) ? 'Your' : `${name}'s`;
}

/** Who won, in a sentence without its full stop: 'Ann wins', 'You win', 'Ann and Bo share the win'. */
export function winLine(names: readonly string[]): string {
  // An aborted game (a player never showed up) ends with no winner.
  if (names.length === 0) return 'Nobody wins: the game was called off';
  const who = names.join(' and ');
  return names.length > 1 ? `${who} share the win` : says(who, 'wins', 'win');
}

/** 'your' inside a sentence or 'Your' at its start for "You"; otherwise "Ann's". */
export function whose(name: string, start = false): string {
  if (isYou(name)) return start ? 'Your' : 'your';
  return `${name}'s`;
}

/**
 * Seat names as this device reads them: the one seat it holds is "You" (so a player named Mo never
 * reads "Mo's turn." or "Mo banks" about themselves). A device holding several seats (hot-seat)
 * keeps every name, since "You" would not say which of its players is meant.
 */
export function speaker(
  name: (seat: number) => string,
  mine: readonly number[],
): (seat: number) => string {
  const only = mine.length === 1 ? mine[0] : undefined;
  return (seat) => (seat === only ? 'You' : name(seat));
}

/** 'Ann banked and offers', 'You banked and offer': the opening of an offer's sentence. */
export function offersLine(from: string): string {
  return `${from} banked and ${isYou(from) ? 'offer' : 'offers'}`;
}

/** A loss of win chance in percentage points, signed and spelled out: '−0.4 percentage points'. */
export function chanceLoss(loss: number): string {
  const pts = Math.round(loss * 1000) / 10;
  return `−${pts.toFixed(1)} ${noun(pts, 'percentage point', 'percentage points')}`;
}

/** The heading of the table while a game is played. */
export function turnHeading(t: {
  onTurn: string;
  myTurn: boolean;
  hotSeat: boolean;
  /** Hot-seat only: the turn has not started yet, so the device is still to be handed over. */
  handOver: boolean;
}): string {
  if (!t.myTurn) return `${whose(t.onTurn, true)} turn`;
  if (!t.hotSeat) return 'Your turn';
  return t.handOver
    ? `${whose(t.onTurn, true)} turn — pass the device`
    : `${whose(t.onTurn, true)} turn`;
}

/**
 * The end of a game in one line, with the margin: 'You win by 350 points', 'Bo wins by 1 point',
 * 'Ann and Bo share the win'. `scores` are the final scores by seat.
 */
export function resultLine(
  winners: readonly number[],
  scores: readonly number[],
  name: (seat: number) => string,
): string {
  const line = winLine(winners.map(name));
  if (winners.length !== 1) return line;
  const top = scores[winners[0] as number] ?? 0;
  const next = Math.max(
    ...scores.map((s, seat) => (winners.includes(seat) ? -Infinity : s)),
    -Infinity,
  );
  if (!Number.isFinite(next)) return line;
  return `${line} by ${plural(top - next, 'point', 'points')}`;
}

/** The keys that pick dice: 'keys 1–6', and for ten dice 'keys 1–9 and 0' (die 10 is key 0). */
export function diceKeys(count: number): string {
  if (count <= 1) return 'key 1';
  if (count <= 9) return `keys 1–${count}`;
  return 'keys 1–9 and 0';
}

const FACES: Record<string, string> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
};

/**
 * The play-by-play in ever shorter forms, for a line of fixed room that shows the first that fits:
 * all of it; then its newest sentences ('… You bank 300.'); then the newest without what the felt
 * shows beside it ('(running total 1,750)'), then with its faces counted ('keeps 9 dice'). A roll's faces are in figures, as the dice show them.
 * Each form is made of whole words and sentences, so the line is never cut mid-word.
 */
export function shorterSays(said: string): string[] {
  const parts = said
    .split(/(?<=[.!?])\s+(?=[A-Z…])/)
    .filter((s) => s.length > 0)
    .map((s) =>
      / rolls? /.test(s)
        ? s.replace(/\b(one|two|three|four|five|six)\b(?=,|\.$)/g, (w) => FACES[w] ?? w)
        : s,
    );
  const out = parts.map((_, i) => `${i > 0 ? '… ' : ''}${parts.slice(i).join(' ')}`);
  const last = out.at(-1);
  const bare = last?.replace(/ \([^)]*\)/g, '');
  if (bare !== undefined && bare !== last) out.push(bare);
  // Last, a long run of faces as a count ('keeps 9 dice for 1,750'): the dice are in sight.
  const counted = bare?.replace(/\b[1-6](?:,? [1-6]\b){3,}/g, (run) =>
    plural(run.split(/,? /).length, 'die', 'dice'),
  );
  if (counted !== undefined && counted !== bare) out.push(counted);
  return out.length > 0 ? out : [''];
}

/** Why Roll and Bank wait: 'Waiting for Ann.', and for this device's own seat 'Waiting for your dice.' (its dice still land). */
export function waitingFor(name: string): string {
  return isYou(name) ? 'Waiting for your dice.' : `Waiting for ${name}.`;
}
