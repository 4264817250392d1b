// The task function of a strategy pool thread (piscina loads its default export). It keeps the
// solutions it made, bounded in bytes, and never starts a solve that would not fit.
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { legalActions, type Action, type GameState, type RuleSet } from '@zilch/engine';
import { advise, type Advice, type AdviceMode } from '../advisor/index.ts';
import { legalFor } from '../bots/advised.ts';
import { strategyCard } from '../card/card.ts';
import { adoptShared, diskSolutions, solutionAvailable } from '../solver/cache.ts';
import {
  forgetSolution,
  solutionInMemory,
  solutionPinned,
  type SolutionSource,
} from '../solver/memory.ts';
import { twoPlayerUnsupported } from '../solver/two-player.ts';
import { twoPlayerBytes, twoPlayerPeakBytes } from './budget.ts';
import type { JobAnswer, StrategyJob, ThreadSettings } from './job.ts';

const settings = workerData as ThreadSettings;
// Players wait on the event loop; nobody waits on a solve to the millisecond. On Linux the nice
// value belongs to the thread (setpriority on the calling task), so this lowers only this pool
// thread's claim on a core it shares with the event loop; elsewhere it would lower the whole
// process, so it is left alone there.
if (settings.nice > 0 && process.platform === 'linux') {
  try {
    setPriority(settings.nice);
  } catch {
    // Not permitted here (a sandbox): the thread runs at the process's priority.
  }
}
const disk = diskSolutions(settings.dir);

// One object per canonical rule set: the solvers memoise on the rule-set object, and each job
// arrives as a fresh copy, so without this every job would solve again.
const interned = new Map<string, RuleSet>();
function intern(rules: RuleSet): RuleSet {
  const key = JSON.stringify(rules);
  const hit = interned.get(key);
  if (hit) {
    interned.delete(key);
    interned.set(key, hit);
    return hit;
  }
  interned.set(key, rules);
  if (interned.size > 16) interned.delete(interned.keys().next().value as string);
  return rules;
}

// Solutions this thread holds, least recently used first, with their sizes.
const held = new Map<RuleSet, number>();
function heldBytes(): number {
  let n = 0;
  for (const b of held.values()) n += b;
  return n;
}

/** Drops the least recently used solutions until `need` more bytes fit the budget. */
function makeRoom(need: number): void {
  for (const [rules] of held) {
    if (heldBytes() + need <= settings.solutionBytes) return;
    forgetSolution(rules);
    held.delete(rules);
  }
}

const bounded: SolutionSource = {
  solution(rules, solve) {
    const hit = solutionInMemory(rules);
    if (hit && solutionPinned(rules)) return hit;
    if (hit) {
      held.delete(rules);
      held.set(rules, twoPlayerBytes(rules));
      return hit;
    }
    const onDisk = solutionAvailable(rules, settings.dir);
    if (!solve && !onDisk) return null;
    const need = needBytes(rules, onDisk);
    if (need > settings.solutionBytes) return null;
    makeRoom(need);
    const sol = disk.solution(rules, solve);
    if (sol) held.set(rules, twoPlayerBytes(rules));
    return sol;
  },
};

const MB = 1024 * 1024;

/** Bytes getting a solution takes at its peak: a load only what it keeps, a solve its 64-bit store as well. */
function needBytes(rules: RuleSet, onDisk = solutionAvailable(rules, settings.dir)): number {
  return onDisk ? twoPlayerBytes(rules) : twoPlayerPeakBytes(rules);
}

/** The mode the job can afford, and why it is less than asked if it is. */
function affordable(rules: RuleSet, mode: AdviceMode, exact: boolean): [AdviceMode, string | null] {
  if (mode === 'points') return ['points', null];
  const unsupported = twoPlayerUnsupported(rules);
  if (unsupported) return ['points', mode === 'win' ? unsupported.message : null];
  if (!exact)
    return [
      'points',
      'An exact win analysis of these rules takes longer than this server allows; this is the expected-points analysis.',
    ];
  const need = needBytes(rules);
  if (need > settings.solutionBytes)
    return [
      'points',
      `An exact win analysis of these rules needs about ${Math.ceil(need / MB)} MB, over this server's budget of ${Math.floor(settings.solutionBytes / MB)} MB; this is the expected-points analysis.`,
    ];
  return [mode, null];
}

/** Runs one strategy job (piscina calls this in a pool thread). */
export default function run(job: StrategyJob): JobAnswer {
  const started = performance.now();
  const shared = job.kind === 'card' ? undefined : job.shared;
  if (shared && !solutionPinned(shared.rules)) {
    // A view on the process's one copy: no load, and none of this thread's budget.
    const own = intern(shared.rules);
    held.delete(own);
    adoptShared({ ...shared, rules: own });
  }
  if (job.kind === 'prepare') {
    const rules = intern(job.rules);
    const [, note] = affordable(rules, 'win', true);
    if (!note) bounded.solution(rules, true);
    return { note, ms: performance.now() - started };
  }
  if (job.kind === 'card')
    return { card: strategyCard(intern(job.rules)), note: null, ms: performance.now() - started };
  const state: GameState = { ...job.state, rules: intern(job.state.rules) };
  const asked: AdviceMode =
    job.kind === 'advise' ? job.mode : job.bot === 'optimal' ? 'win' : 'points';
  const [mode, downgrade] = affordable(state.rules, asked, job.exact);
  // Last turns are solved exactly whatever the mode could afford (a bot asks for them too).
  const lastTurns = asked !== 'points' || job.kind !== 'advise';
  const advice: Advice = advise(state, mode, { solutions: bounded, lastTurns });
  const note = advice.kind === 'win' ? null : downgrade;
  const ms = performance.now() - started;
  if (job.kind === 'advise') return { advice, note, ms };
  const legal = legalActions(state);
  let action: Action | undefined;
  for (const o of advice.options) {
    const a = legalFor(state, o.move, legal);
    if (a) {
      action = a;
      break;
    }
  }
  action ??= legal[0];
  if (!action) throw new Error('bot asked to move in a finished game');
  return { action, note, ms: performance.now() - started };
}
