import cliProgress from 'cli-progress';
import {
  loadTwoPlayer,
  twoPlayerSolutionThreads,
  twoPlayerUnsupported,
  TwoPlayerSolution,
  UNIT,
  unsupportedInstead,
  type SolverError,
} from '@zilch/strategy/node';
import type { RuleSet } from '@zilch/engine';
import { cacheDir } from '../cache-dir.ts';
import { printable, printJson } from '../output.ts';
import { resolveRules, type RulesOptions } from '../rules-option.ts';
import { usage } from '../usage-error.ts';
import { intOption } from './simulate.ts';

/** Options of `zilch solve`. */
export interface SolveOptions extends RulesOptions {
  start?: string;
  target?: string;
  handicaps?: string;
  json?: boolean;
  cache?: boolean;
  workers?: string;
}

/** `zilch solve`: the exact two-player win probability under optimal play. */
export async function run(opts: SolveOptions): Promise<void> {
  const { id, rules: base } = await resolveRules(opts);
  const rules: RuleSet = opts.target ? { ...base, target: points(opts.target, '--target') } : base;
  if (rules.target <= 0) usage('--target must be positive.');
  const [a, b] = startScores(opts.start ?? '0,0', rules.target);
  const refused = twoPlayerUnsupported(rules);
  if (refused) return refuse(refused, id, rules, opts.json === true);
  const started = performance.now();
  const dir = cacheDir();
  const cached = opts.cache !== false ? loadTwoPlayer(rules, dir) : null;
  const threads =
    opts.workers === undefined ? undefined : intOption('--workers', opts.workers, 1, 256);
  const sol = cached ?? (await solveWithProgress(rules, dir, opts.cache !== false, threads));
  const seconds = (performance.now() - started) / 1000;
  const firstPlayerWins = sol.fresh(a / UNIT, b / UNIT);
  const handicaps =
    opts.handicaps === undefined
      ? null
      : range(points(opts.handicaps, '--handicaps'), rules.target).map((h) => ({
          secondStarts: h,
          firstPlayerWins: sol.fresh(a / UNIT, h / UNIT),
        }));
  if (opts.json)
    return printJson({
      ok: true,
      rules: id,
      firstPlayerWins,
      states: sol.states,
      seconds: Math.round(seconds * 1000) / 1000,
      cached: cached !== null,
      solveSeconds: Math.round(sol.seconds * 1000) / 1000,
      start: [a, b],
      target: rules.target,
      ...(handicaps ? { handicaps } : {}),
    });
  const out = process.stdout;
  out.write(`${printable(rules.name)}, target ${rules.target}, start ${a}–${b}\n`);
  out.write(
    `First player wins with probability ${firstPlayerWins.toFixed(6)} (a tie counts half)\n`,
  );
  out.write(
    `${sol.states.toLocaleString('en')} states, solved in ${sol.seconds.toFixed(1)} s${cached ? `; loaded from the cache in ${seconds.toFixed(2)} s` : ''}\n`,
  );
  if (handicaps) {
    const fair = handicaps.reduce((m, h) =>
      Math.abs(h.firstPlayerWins - 0.5) < Math.abs(m.firstPlayerWins - 0.5) ? h : m,
    );
    for (const h of handicaps)
      out.write(
        `  second player starts with ${String(h.secondStarts).padStart(5)}: ${h.firstPlayerWins.toFixed(6)}${h === fair ? '  ← fairest' : ''}\n`,
      );
  }
}

/**
 * A rule set the solver does not model: the reason with its stable code, and what the bots
 * and the coach do instead. Exit code 2, like any other refusal of what the user asked.
 */
function refuse(e: SolverError, id: string, rules: RuleSet, json: boolean): void {
  if (json)
    printJson({
      ok: false,
      code: e.code,
      message: e.message,
      rules: id,
      target: rules.target,
      instead: unsupportedInstead(rules),
    });
  else process.stderr.write(`zilch: ${e.message}\n${unsupportedInstead(rules)}\n`);
  process.exitCode = 2;
}

async function solveWithProgress(
  rules: RuleSet,
  dir: string,
  save: boolean,
  threads: number | undefined,
): Promise<TwoPlayerSolution> {
  const tty = process.stderr.isTTY === true;
  const bar = tty
    ? new cliProgress.SingleBar(
        { format: 'solving [{bar}] {percentage}% | {duration}s', stream: process.stderr },
        cliProgress.Presets.shades_classic,
      )
    : null;
  bar?.start(100, 0);
  const sol = await twoPlayerSolutionThreads(rules, {
    dir,
    save,
    ...(threads === undefined ? {} : { threads }),
    onProgress: (f) => bar?.update(Math.round(f * 100)),
  });
  bar?.stop();
  if (!(sol instanceof TwoPlayerSolution)) usage(sol.message);
  // The time is reported once, with the answer (`… states, solved in N s`), not here as well.
  return sol;
}

function points(s: string, what: string): number {
  const n = Number(s);
  if (!Number.isInteger(n) || n < 0 || n % UNIT !== 0)
    usage(`${what} must be a whole number of points, a multiple of ${UNIT}: ${s}`);
  return n;
}

function startScores(s: string, target: number): [number, number] {
  const parts = s.split(',');
  if (parts.length !== 2) usage(`--start takes two scores, like 0,200: ${s}`);
  const [a, b] = parts.map((p) => points(p.trim(), '--start')) as [number, number];
  if (a >= target || b >= target) usage(`--start scores must be below the target (${target}).`);
  return [a, b];
}

function range(max: number, target: number): number[] {
  const out: number[] = [];
  for (let h = 0; h <= Math.min(max, target - UNIT); h += UNIT) out.push(h);
  return out;
}
