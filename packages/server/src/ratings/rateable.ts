// Which new tables may be rated: two human seats, a preset's rules, no bot playing for anyone.
import { PRESET_IDS, preset, type RuleSet } from '@zilch/engine';
import type { CreateGameBody } from '@zilch/protocol';
import { ok, refuse, type Result } from '../games/errors.ts';

/** JSON with object keys sorted, so two equal rule sets compare equal whatever their key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** The preset a rule set is exactly (ratings are kept per preset), or null for custom rules. */
function presetOf(input: CreateGameBody['rules'], rules: RuleSet): string | null {
  if (typeof input === 'string') return input;
  const mine = canonical(rules);
  return PRESET_IDS.find((id) => canonical(preset(id)) === mine) ?? null;
}

const notRateable = (why: string) =>
  refuse('NOT_RATEABLE', `This table cannot be rated: ${why}`, 400);

/** The preset a table asking to be rated is rated in, or why it cannot be. */
export function ratedPreset(input: CreateGameBody, rules: RuleSet): Result<string> {
  if (input.seats.length !== 2)
    return notRateable('rated games are for exactly two players (3+ player games are unrated).');
  if (input.seats.some((s) => s.kind === 'bot'))
    return notRateable('both seats must be people, not bots.');
  if (input.absentBot)
    return notRateable('no bot may play for an absent player (turn timers are fine).');
  const id = presetOf(input.rules, rules);
  if (id === null) return notRateable('ratings are kept per preset, and these rules are custom.');
  return ok(id);
}
