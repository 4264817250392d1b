import type { Action, GameState, RuleSet } from '@zilch/engine';
import type { Advice, AdviceMode } from '../advisor/index.ts';
import type { StrategyCard } from '../card/card.ts';
import type { SharedSolution } from '../solver/cache.ts';

/** Strategy levels a job may use, strongest first: exact win solve, expected points, none. */
export type StrategyLevel = 'exact' | 'points' | 'none';

/** Work for a strategy thread: rank a position's options, or choose an advised bot's move. */
export type StrategyJob =
  | {
      readonly kind: 'advise';
      /** The position; its rules in canonical form (`canonicalRules`). */
      readonly state: GameState;
      readonly mode: AdviceMode;
      /** Whether an exact win solve may be tried (false once one ran over the time budget). */
      readonly exact: boolean;
      /** The process's shared solution of these rules, if it has one (passed by reference). */
      readonly shared?: SharedSolution;
    }
  | {
      /** Loads or solves the exact win solution of a rule set into the thread's memory. */
      readonly kind: 'prepare';
      readonly rules: RuleSet;
      readonly shared?: SharedSolution;
    }
  | {
      /** The strategy card of a rule set (a turn solve: up to a second on Ten Dice). */
      readonly kind: 'card';
      readonly rules: RuleSet;
    }
  | {
      readonly kind: 'decide';
      readonly state: GameState;
      readonly bot: 'expected' | 'optimal';
      readonly exact: boolean;
      readonly shared?: SharedSolution;
    };

/** What a strategy thread answers. */
export interface JobAnswer {
  readonly advice?: Advice;
  readonly action?: Action;
  readonly card?: StrategyCard;
  /** Why the answer is less than exact (too large for the memory budget, too slow), or null. */
  readonly note: string | null;
  /** Milliseconds the thread worked on the job. */
  readonly ms: number;
}

/** Settings every strategy thread gets as its workerData. */
export interface ThreadSettings {
  /** Directory of cached two-player solutions. */
  readonly dir: string;
  /** Bytes of two-player solutions the thread may hold at once (shared ones not counted). */
  readonly solutionBytes: number;
  /** Nice value the thread gives itself on Linux (0: the process's own). */
  readonly nice: number;
}
