import { preset, type PresetId, type RuleSet } from '../../src/index.ts';

const variants = new Map<string, RuleSet>();

/** One rule-set object per preset and variant, so each scoring table is built once per test file. */
export function variant(id: PresetId, name: string, change: (r: RuleSet) => RuleSet): RuleSet {
  const k = `${id}/${name}`;
  let r = variants.get(k);
  if (!r) variants.set(k, (r = change(preset(id))));
  return r;
}
