import { formatFraction, zilchChance } from '@zilch/engine/scoring';
import { printable, printJson } from '../output.ts';
import { resolveRules, type RulesOptions } from '../rules-option.ts';
import { plural } from '../words.ts';

/** Options of `zilch odds`. */
export interface OddsOptions extends RulesOptions {
  json?: boolean;
}

/** `zilch odds`: the exact chance of a zilch for each number of dice. */
export async function run(opts: OddsOptions): Promise<void> {
  const { id, rules } = await resolveRules(opts);
  const zilch = Array.from({ length: rules.dice }, (_, i) => {
    const f = zilchChance(rules, i + 1);
    const probability = Number(f.numerator) / Number(f.denominator);
    return {
      dice: i + 1,
      fraction: formatFraction(f),
      probability: Math.round(probability * 1e4) / 1e4,
    };
  });
  if (opts.json) return printJson({ rules: id, zilch });
  process.stdout.write(`Chance to zilch (${printable(rules.name)})\n`);
  for (const z of zilch) {
    process.stdout.write(
      `${String(z.dice).padStart(3)} ${plural(z.dice, 'die').padEnd(4)}  ${z.fraction.padStart(12)}  ${(z.probability * 100).toFixed(2).padStart(6)}%\n`,
    );
  }
}
