import pc from 'picocolors';
import {
  solutionAvailable,
  solvesOnDemand,
  strategyCard,
  twoPlayerUnsupported,
  type CardGrid,
} from '@zilch/strategy/node';
import { cacheDir } from '../cache-dir.ts';
import { printable, printJson } from '../output.ts';
import { resolveRules, type RulesOptions } from '../rules-option.ts';
import { intOption, simulateWithProgress } from './simulate.ts';
import { count } from '../words.ts';

/** Options of `zilch card`. */
export interface CardOptions extends RulesOptions {
  games?: string;
  seed?: string;
  workers?: string;
  json?: boolean;
  detailed?: boolean;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const points = (x: number): number => Math.round(x * 1000) / 10;

/**
 * `zilch card`: the short strategy card of the rules (the detailed card with `--detailed`) and
 * the measured win share against `optimal` of the card shown last.
 */
export async function run(opts: CardOptions): Promise<void> {
  const { id, rules } = await resolveRules(opts);
  const games = intOption('--games', opts.games ?? '1000', 2, 10_000_000);
  const seed = intOption('--seed', opts.seed ?? '1', -(2 ** 31), 2 ** 31 - 1);
  const workers =
    opts.workers === undefined ? undefined : intOption('--workers', opts.workers, 1, 256);
  const card = strategyCard(rules);
  // Without a two-player solution `optimal` plays like `expected`: measure against that, and say so.
  // A zilch-penalty game at full size is solved only by `zilch solve` (about half an hour): until it is cached,
  // `optimal` plays like `expected` there too.
  const unsupported =
    twoPlayerUnsupported(rules) ??
    (solvesOnDemand(rules) || solutionAvailable(rules, cacheDir())
      ? null
      : {
          message: `The exact two-player solution of these rules is not cached (\`zilch solve\` makes it, in about half an hour).`,
        });
  const against = unsupported ? 'expected' : 'optimal';
  const r = await simulateWithProgress('measuring', opts.json === true, {
    rules,
    bots: ['card', against],
    // The short card unless the detailed one is asked for: the figure is of the card read last.
    ...(opts.detailed ? {} : { card: card.short.params }),
    games,
    seed,
    workers,
    cacheDir: cacheDir(),
  });
  const seat = r.seats[0]!;
  const bench = opts.detailed ? card.figure : card.short.figure;
  const note = unsupported
    ? `${unsupported.message} Measured against expected (the optimal bot plays like it here).`
    : null;
  if (opts.json)
    return printJson({
      ok: true,
      rules: id,
      card,
      measured: opts.detailed ? 'detailed' : 'short',
      against,
      ...(note ? { note } : {}),
      games: r.games,
      seed: r.seed,
      winRate: seat.winRate,
      ci95: seat.ci95,
      // Points of win percentage below an equal match (½): what the card gives up.
      lossPoints: points(0.5 - seat.winRate),
      lossCi95: [points(0.5 - seat.ci95[1]), points(0.5 - seat.ci95[0])],
      seconds: r.seconds,
    });
  const out = process.stdout;
  const short = card.short;
  out.write(
    `${pc.bold(`Strategy card: ${printable(rules.name)}`)}${short.tuned ? ' (fitted for this preset)' : ''}, ${count(short.numbers.length, 'number')} to remember\n`,
  );
  short.lines.forEach((l, i) => out.write(`${String(i + 1).padStart(2)}. ${l}\n`));
  if (opts.detailed) {
    out.write(`\n${pc.bold('The detailed card')}${card.tuned ? ' (tuned for this preset)' : ''}\n`);
    card.lines.forEach((l, i) => {
      const grids = card.grids.find((g) => g.line === i);
      out.write(`${String(i + 1).padStart(2)}. ${grids ? grids.lead : l}\n`);
      for (const g of grids?.grids ?? []) out.write(gridText(g));
    });
  } else out.write(pc.dim('The detailed card (every table): zilch card --detailed\n'));
  if (note) out.write(`${pc.dim(printable(note))}\n`);
  out.write(
    `Against ${against}: the ${opts.detailed ? 'detailed' : 'short'} card wins ${pct(seat.winRate)} (95% interval ${pct(seat.ci95[0])} – ${pct(seat.ci95[1])}) ` +
      `of ${count(r.games, 'game')}, seats alternating, seed ${r.seed}, ${r.seconds.toFixed(1)} s\n` +
      `  ${((0.5 - seat.winRate) * 100).toFixed(1)} points of win percentage below ${against} against ${against} (50%)\n`,
  );
  if (bench)
    out.write(
      `  bench (npm run bench -- card): ${pct(bench.winRate)} (${pct(bench.ci95[0])} – ${pct(bench.ci95[1])}) of ${count(bench.games, 'game')} against ${bench.against}\n`,
    );
}

/** A card grid as an aligned text table under its line: band by dice left. */
function gridText(g: CardGrid): string {
  const head = [`${g.rowsBy} \\ dice left`, ...g.dice.map(String)];
  const rows = [head, ...g.rows.map((r) => [r.label, ...r.cells])];
  const widths = head.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]): string =>
    `      ${r.map((v, c) => (c === 0 ? v.padEnd(widths[c]!) : v.padStart(widths[c]!))).join('  ')}\n`;
  return `${g.caption ? `    ${g.caption[0]?.toUpperCase()}${g.caption.slice(1)}:\n` : ''}${rows.map(line).join('')}`;
}
