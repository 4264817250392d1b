import { solveLongRun, solveTurn } from '@zilch/strategy';
import { printable, printJson } from '../output.ts';
import { resolveRules, type RulesOptions } from '../rules-option.ts';
import { count, plural } from '../words.ts';

/** Options of `zilch ev`. */
export interface EvOptions extends RulesOptions {
  json?: boolean;
}

/** `zilch ev`: the expected-points turn strategy and its bank thresholds. */
export async function run(opts: EvOptions): Promise<void> {
  const { id, rules } = await resolveRules(opts);
  const lr = solveLongRun(rules);
  const turn = lr.turns[0]!;
  const thresholds = turn.thresholds();
  const expectedTurn = round(lr.gain);
  const opening =
    rules.openingMinimum > 0 ? round(solveTurn(rules, { onBoard: false }).expectedTurn) : null;
  if (opts.json) {
    return printJson({
      rules: id,
      expectedTurn,
      thresholds,
      ...(opening !== null ? { openingTurn: opening } : {}),
      ...(rules.zilchPenalty ? { turnWithoutPenalty: round(solveTurn(rules).expectedTurn) } : {}),
    });
  }
  const out = process.stdout;
  out.write(
    `Best expected points per turn (${printable(rules.name)}): ${expectedTurn.toFixed(2)}\n`,
  );
  if (rules.zilchPenalty)
    out.write(
      `  long-run average with the ${rules.zilchPenalty.points}-point penalty for ${count(rules.zilchPenalty.zilches, 'zilch')} in a row\n`,
    );
  if (opening !== null) out.write(`  before getting on the board: ${opening.toFixed(2)}\n`);
  out.write('Bank once the running total reaches:\n');
  for (const t of thresholds)
    out.write(
      `${String(t.dice).padStart(3)} ${plural(t.dice, 'die').padEnd(4)}  ${t.bankAt === null ? 'never (keep rolling)' : t.bankAt}\n`,
    );
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
