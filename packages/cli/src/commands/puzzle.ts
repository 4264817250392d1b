import { createInterface } from 'node:readline/promises';
import pc from 'picocolors';
import type { GameState } from '@zilch/engine';
import {
  advise,
  dailyIndex,
  diskSolutions,
  PUZZLE_THEMES,
  selfPlayPuzzles,
  twoPlayerUnsupported,
  utcDay,
  type Puzzle,
  type PuzzleTheme,
} from '@zilch/strategy/node';
import { cacheDir } from '../cache-dir.ts';
import { printable, printJson } from '../output.ts';
import { resolveRules, type RulesOptions } from '../rules-option.ts';
import { usage } from '../usage-error.ts';
import { count } from '../words.ts';
import { intOption } from './simulate.ts';

/** Options of `zilch puzzle`. */
export interface PuzzleOptions extends RulesOptions {
  games?: string;
  seed?: string;
  theme?: string;
  daily?: boolean;
  answer?: string;
  json?: boolean;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The position in words: scores, the turn so far, the roll. */
function position(s: GameState): string[] {
  const seat = (i: number) => (i === s.current ? 'You' : 'Them');
  const lines = [
    `Scores: ${s.scores.map((v, i) => `${seat(i)} ${v.toLocaleString('en-US')}`).join(', ')} (target ${s.rules.target.toLocaleString('en-US')})`,
  ];
  if (s.finalRound) lines.push('Final round: this is your last turn.');
  if (s.offer)
    lines.push(`Offered: ${s.offer.points} points with ${count(s.offer.dice, 'die')} to roll.`);
  else if (s.turn.roll)
    lines.push(`This turn so far: ${s.turn.total}. You rolled ${s.turn.roll.join(' ')}.`);
  else
    lines.push(
      `This turn so far: ${s.turn.total}, with ${count(s.turn.available, 'die')} to roll.`,
    );
  return lines;
}

/** `zilch puzzle`: cuts a local bank from self-play, asks one puzzle, checks the answer. */
export async function run(opts: PuzzleOptions): Promise<void> {
  const { id, rules } = await resolveRules(opts);
  const unsupported = twoPlayerUnsupported(rules);
  if (unsupported) usage(`Puzzles need the exact two-player solution: ${unsupported.message}`);
  const games = intOption('--games', opts.games ?? '30', 1, 100_000);
  const seed =
    opts.seed === undefined
      ? opts.daily
        ? 1
        : Date.now() % 1_000_000
      : intOption('--seed', opts.seed, -(2 ** 31), 2 ** 31 - 1);
  const theme = opts.theme as PuzzleTheme | undefined;
  if (theme !== undefined && !PUZZLE_THEMES.includes(theme))
    usage(`--theme must be one of ${PUZZLE_THEMES.join(', ')}, not "${opts.theme}".`);
  const solutions = diskSolutions(cacheDir());
  if (!opts.json) process.stderr.write(`Cutting puzzles from ${count(games, 'self-play game')}…\n`);
  const bank = (
    await selfPlayPuzzles(rules, { games, seed, rank: (s, m) => advise(s, m, { solutions }) })
  ).filter((p) => theme === undefined || p.themes.includes(theme));
  const pick: Puzzle | undefined = opts.daily
    ? bank[dailyIndex(utcDay(Date.now()), bank.length)]
    : bank[Math.floor(Math.random() * bank.length)];
  if (!pick)
    usage(
      `No puzzle${theme ? ` on ${theme}` : ''} in ${count(games, 'game')}: try more with --games.`,
    );
  // Asked in a neutral order (by the options' words), as the web page asks them.
  const asked = pick.options
    .map((o, best) => ({ label: o.label, best }))
    .sort((a, b) => a.label.localeCompare(b.label));
  let choice: number;
  if (!opts.json) {
    const out = process.stdout;
    out.write(
      `${pc.bold(`Puzzle ${pick.id}`)} · ${printable(rules.name)}${pick.themes.length ? ` · ${pick.themes.join(', ')}` : ''}\n`,
    );
    for (const l of position(pick.state)) out.write(`${l}\n`);
    out.write(`\n${pc.bold('What do you do?')}\n`);
    asked.forEach((o, i) => out.write(`  ${i + 1}. ${o.label}\n`));
  }
  if (opts.answer !== undefined) choice = intOption('--answer', opts.answer, 1, asked.length) - 1;
  else {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    let got = NaN;
    try {
      while (!(got >= 1 && got <= asked.length)) {
        const line = await rl.question(`Your answer (1–${asked.length}): `).catch(() => null);
        if (line === null) usage('No answer given.');
        got = Number(line.trim());
      }
    } finally {
      rl.close();
    }
    choice = got - 1;
  }
  const chosen = asked[choice]!;
  const right = chosen.best === 0;
  if (opts.json)
    return printJson({
      ok: true,
      rules: id,
      puzzle: pick.id,
      themes: pick.themes,
      state: pick.state,
      asked: asked.map((o) => o.label),
      chosen: chosen.label,
      correct: right,
      options: pick.options.map((o) => ({ label: o.label, win: o.value })),
    });
  const out = process.stdout;
  const best = pick.options[0]!;
  out.write(
    right
      ? pc.green(`\nRight: ${best.label} is the best option.\n`)
      : pc.red(
          `\nNot quite: ${chosen.label} loses ${((best.value - pick.options[chosen.best]!.value) * 100).toFixed(1)} percentage points of win chance. Best: ${best.label}.\n`,
        ),
  );
  out.write('Every option, with its chance to win:\n');
  pick.options.forEach((o, i) => {
    const mark = i === 0 ? pc.green('best') : i === chosen.best ? 'your answer' : '';
    out.write(`  ${pct(o.value).padStart(6)}  ${o.label} ${mark}\n`);
  });
  out.write(
    `Obvious but wrong: ${pick.options[pick.obvious]!.label} (the most points on average).\n`,
  );
}
