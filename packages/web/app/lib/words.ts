// Counts with nouns and verbs that agree with their subject, so the table never says "1 dice" or
// "You loses". The app speaks English only; Intl.PluralRules still decides which form a count takes.

const RULES = new Intl.PluralRules('en-US');

/** The form of a noun that goes with `n`: `noun(1, 'die', 'dice')` is 'die'. */
export function noun(n: number, one: string, other: string): string {
  return RULES.select(n) === 'one' ? one : other;
}

/** A count and its noun: `plural(1, 'die', 'dice')` is '1 die', `plural(1500, 'point', 'points')` is '1,500 points'. */
export function plural(n: number, one: string, other: string): string {
  return `${n.toLocaleString('en-US')} ${noun(n, one, other)}`;
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
