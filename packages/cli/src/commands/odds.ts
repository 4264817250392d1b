import type { Command } from 'commander';
import { formatFraction, zilchChance } from '@zilch/engine';
import { printJson } from '../output.ts';
import { resolveRules, withRules, type RulesOptions } from '../rules-option.ts';

/** Registers `zilch odds`: the exact chance of a zilch for each number of dice. */
export function register(program: Command): void {
  withRules(program.command('odds'))
    .description('exact chance of a zilch for 1..N dice')
    .option('--json', 'print JSON')
    .action((opts: RulesOptions & { json?: boolean }) => {
      const { id, rules } = resolveRules(opts);
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
      process.stdout.write(`Chance to zilch (${rules.name})\n`);
      for (const z of zilch) {
        process.stdout.write(
          `${String(z.dice).padStart(3)} dice  ${z.fraction.padStart(12)}  ${(z.probability * 100).toFixed(2).padStart(6)}%\n`,
        );
      }
    });
}
