// Which preset a stored rule set is: ratings, accuracy trends and listings are kept per preset.
import { PRESET_IDS, preset, type RuleSet } from '@zilch/engine';

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

/** The preset whose rules these are exactly, or null for custom rules. */
export function presetMatching(rules: RuleSet): string | null {
  const mine = canonical(rules);
  return PRESET_IDS.find((id) => canonical(preset(id)) === mine) ?? null;
}
