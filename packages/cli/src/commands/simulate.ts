import { randomInt } from 'node:crypto';
import cliProgress from 'cli-progress';
import pc from 'picocolors';
import {
  BOT_IDS,
  isBotId,
  simulate,
  type BotId,
  type SimulationResult,
  type ThreadedSimulateOptions,
} from '@zilch/strategy/node';
import { cacheDir } from '../cache-dir.ts';
import { printable, printJson } from '../output.ts';
import { resolveRules, type RulesOptions } from '../rules-option.ts';
import { usage } from '../usage-error.ts';
import { count } from '../words.ts';

/** Options of `zilch simulate`. */
export interface SimulateOptions extends RulesOptions {
  bots?: string;
  games?: string;
  seed?: string;
  workers?: string;
  json?: boolean;
}

/** Bot levels from a comma-separated list, each known. */
export function parseBots(list: string, min: number): BotId[] {
  const ids = list
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  for (const id of ids) {
    if (!isBotId(id)) usage(`Unknown bot "${id}". Bots: ${BOT_IDS.join(', ')}.`);
  }
  if (ids.length < min) usage(`Give at least ${count(min, 'bot')}, e.g. --bots cautious,bold.`);
  return ids as BotId[];
}

/** A whole number from an option, within bounds, or a usage error naming the option. */
export function intOption(name: string, value: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(value.trim())) usage(`${name} must be a whole number, not "${value}".`);
  const n = Number(value);
  if (n < min || n > max) usage(`${name} must be between ${min} and ${max}, not ${n}.`);
  return n;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

function printTable(rulesId: string, r: SimulationResult): void {
  const out = process.stdout;
  out.write(
    `${pc.bold(printable(rulesId))}: ${count(r.games, 'game')}, seed ${r.seed}, ${count(r.workers, 'worker')}, ${r.seconds.toFixed(1)} s\n`,
  );
  const head = ['seat', 'bot', 'wins', 'win rate', '95% interval', 'mean score', 'turns', 'zilch'];
  const rows = r.seats.map((s, i) => [
    String(i + 1),
    s.bot,
    String(Math.round(s.wins * 100) / 100),
    pct(s.winRate),
    `${pct(s.ci95[0])} – ${pct(s.ci95[1])}`,
    String(Math.round(s.meanScore)),
    s.turnsPerGame.toFixed(1),
    pct(s.zilchRate),
  ]);
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  const line = (cells: string[]): string => cells.map((x, c) => x.padEnd(widths[c]!)).join('  ');
  out.write(`${pc.dim(line(head))}\n`);
  for (const row of rows) out.write(`${line(row)}\n`);
  out.write(
    `first player wins ${pct(r.firstPlayerWinRate)} (${pct(r.firstPlayerCi95[0])} – ${pct(r.firstPlayerCi95[1])}), ` +
      `turns per game ${r.turnsPerGame.toFixed(1)}, zilch rate ${pct(r.zilchRate)}\n` +
      `(a tie shares the win: 1/t to each; seats rotate so every bot starts equally often)\n`,
  );
}

/** `zilch simulate`: bots play each other on every core; win rates with intervals. */
export async function run(opts: SimulateOptions): Promise<void> {
  const { id, rules } = await resolveRules(opts);
  const bots = parseBots(opts.bots ?? '', 2);
  if (bots.length > 12) usage('At most 12 bots: a game has 2 to 12 seats.');
  const games = intOption('--games', opts.games ?? '1000', 1, 100_000_000);
  const seed =
    opts.seed === undefined
      ? randomInt(0, 2 ** 31)
      : intOption('--seed', opts.seed, -(2 ** 31), 2 ** 31 - 1);
  const workers =
    opts.workers === undefined ? undefined : intOption('--workers', opts.workers, 1, 256);
  const r = await simulateWithProgress('simulating', opts.json === true, {
    rules,
    bots,
    games,
    seed,
    workers,
    cacheDir: cacheDir(),
  });
  if (opts.json) {
    printJson({
      rules: id,
      games: r.games,
      seed: r.seed,
      seats: r.seats,
      firstPlayerWinRate: r.firstPlayerWinRate,
      firstPlayerCi95: r.firstPlayerCi95,
      turnsPerGame: r.turnsPerGame,
      zilchRate: r.zilchRate,
      seconds: r.seconds,
      workers: r.workers,
    });
  } else printTable(id, r);
}

/** Runs a simulation with a games progress bar on stderr when it is a terminal (not with --json). */
export async function simulateWithProgress(
  verb: string,
  json: boolean,
  o: ThreadedSimulateOptions,
): Promise<SimulationResult> {
  const bar =
    !json && process.stderr.isTTY
      ? new cliProgress.SingleBar(
          { stream: process.stderr, format: `${verb} {bar} {value}/{total} games  {eta}s` },
          cliProgress.Presets.shades_classic,
        )
      : null;
  bar?.start(o.games, 0);
  try {
    return await simulate({ ...o, onProgress: (done) => bar?.update(done) });
  } finally {
    bar?.stop();
  }
}
