// Which new tables may be rated: two human seats, a preset's rules, no bot playing for anyone.
import type { RuleSet } from '@zilch/engine';
import type { CreateGameBody } from '@zilch/protocol';
import { ok, refuse, type Result } from '../games/errors.ts';
import { presetMatching } from '../games/preset-of.ts';

/** The preset a rule set is exactly (ratings are kept per preset), or null for custom rules. */
function presetOf(input: CreateGameBody['rules'], rules: RuleSet): string | null {
  if (typeof input === 'string') return input;
  return presetMatching(rules);
}

const notRateable = (why: string) =>
  refuse('NOT_RATEABLE', `This table cannot be rated: ${why}`, 400);

/**
 * The preset a table asking to be rated is rated in, or why it cannot be. `ladder`: a bot-ladder
 * table, where a built-in bot's seat is linked to its account (challenges/), so it may be rated.
 */
export function ratedPreset(input: CreateGameBody, rules: RuleSet, ladder = false): Result<string> {
  if (input.seats.length !== 2)
    return notRateable('rated games are for exactly two players (3+ player games are unrated).');
  if (!ladder && input.seats.some((s) => s.kind === 'bot'))
    return notRateable('both seats must be people, not bots.');
  if (input.absentBot)
    return notRateable('no bot may play for an absent player (turn timers are fine).');
  const id = presetOf(input.rules, rules);
  if (id === null) return notRateable('ratings are kept per preset, and these rules are custom.');
  return ok(id);
}
