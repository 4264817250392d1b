import pc from 'picocolors';
import { scoringTable } from '@zilch/engine/scoring';
import { printable, printJson } from '../output.ts';
import { resolveRules, type RulesOptions } from '../rules-option.ts';
import { usage } from '../usage-error.ts';
import { count } from '../words.ts';

/** Options of `zilch score`. */
export interface ScoreOptions extends RulesOptions {
  json?: boolean;
}

/** `zilch score`: every legal selection of a roll and the best one. */
export async function run(args: string[], opts: ScoreOptions): Promise<void> {
  const { id, rules } = await resolveRules(opts);
  const dice = args.flatMap((a) => a.split(/[\s,]+/).filter(Boolean));
  const faces = dice.map((d) => {
    if (!/^[1-6]$/.test(d)) usage(`"${d}" is not a die: faces are 1 to 6.`);
    return Number(d);
  });
  if (faces.length === 0) usage('No dice given: name the faces rolled, e.g. zilch score 1 5 5.');
  // A blank argument beside dice (`zilch score 1 "" 5`, an empty shell variable) stands for a
  // die the user meant to name: refuse it rather than score the roll without it.
  const blank = args.findIndex((a) => !/[^\s,]/.test(a));
  if (blank >= 0)
    usage(
      `Argument ${blank + 1} of the dice names no die (${JSON.stringify(args[blank])}): give every die's face, 1 to 6, e.g. zilch score 1 5 5.`,
    );
  if (faces.length > rules.dice)
    usage(
      `${count(faces.length, 'die')} given, but ${printable(rules.name)} plays with ${count(rules.dice, 'die')}.`,
    );
  const info = scoringTable(rules).lookup(faces);
  const options = info.options.map((o) => ({ keep: o.keep.slice(), points: o.points }));
  if (opts.json) {
    printJson({ rules: id, dice: faces, zilch: info.zilch, best: options[0] ?? null, options });
    return;
  }
  process.stdout.write(`${pc.bold(faces.join(' '))}  (${printable(rules.name)})\n`);
  if (info.zilch) {
    process.stdout.write(`${pc.red('Zilch!')} Nothing scores.\n`);
    return;
  }
  for (const [i, o] of options.entries()) {
    const line = `${String(o.points).padStart(6)}  keep ${o.keep.join(' ')}`;
    process.stdout.write(`${i === 0 ? pc.green(line + '  ← best') : line}\n`);
  }
}
