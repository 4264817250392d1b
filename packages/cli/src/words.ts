// Every sentence the CLI builds around a number or a player's name takes its word forms from
// here, so "1 dice", "1 games" or "You rolls" cannot creep back one command at a time.

/** Nouns whose plural is not the regular one (the rule below handles -s, -sh, -ch, -x, -y). */
const IRREGULAR: Readonly<Record<string, string>> = { die: 'dice' };

/** Verbs whose third person is not the regular one. */
const THIRD_PERSON: Readonly<Record<string, string>> = {
  be: 'is',
  have: 'has',
  go: 'goes',
  do: 'does',
};

/** The regular English plural of a (last) word: games, entries, matches. */
function regularPlural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|sh|ch|x|z)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** The form of a noun for n things: plural(1, 'die') is "die", plural(2, 'die') "dice". */
export function plural(n: number, one: string, many?: string): string {
  if (n === 1) return one;
  if (many !== undefined) return many;
  // Only the last word of a phrase changes: "log entry" → "log entries".
  const at = one.lastIndexOf(' ') + 1;
  const last = one.slice(at);
  return one.slice(0, at) + (IRREGULAR[last] ?? regularPlural(last));
}

/** A number with its noun: count(1, 'game') is "1 game", count(3, 'game') "3 games". */
export function count(n: number, one: string, many?: string): string {
  return `${n} ${plural(n, one, many)}`;
}

/** Whether a player's name is the second person ("You", the default seat name). */
function isYou(subject: string): boolean {
  return subject.trim().toLowerCase() === 'you';
}

/**
 * A verb in the present tense agreeing with its subject: verbForm('Kim', 'roll') is "rolls",
 * verbForm('You', 'roll') "roll", verbForm('Kim', 'go') "goes", verbForm('You', 'be') "are".
 */
export function verbForm(subject: string, base: string): string {
  if (isYou(subject)) return base === 'be' ? 'are' : base;
  return THIRD_PERSON[base] ?? regularPlural(base);
}

/** A subject with its verb: verb('Kim', 'roll') is "Kim rolls", verb('You', 'roll') "You roll". */
export function verb(subject: string, base: string): string {
  return `${subject} ${verbForm(subject, base)}`;
}

/** Every die, in words: "the die" for one, "all 6 dice" for more. */
export function allDice(n: number): string {
  return n === 1 ? 'the die' : `all ${count(n, 'die')}`;
}
