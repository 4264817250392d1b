// The puzzle banks made at server start (docs/puzzles.md): each solvable preset whose bank is
// empty and whose exact solution is loaded gets self-play puzzles for a bounded time, one preset
// after another, in the background, ranking through the strategy pool (never this event loop).
import type { RuleSet } from '@zilch/engine';
import type { PuzzleRanker } from '@zilch/strategy';
import type { Logger } from 'pino';
import type { PuzzleService } from './service.ts';

/** Fills the empty banks of `presets` for `seconds` each; resolves when done or stopped. */
export async function fillBanks(
  puzzles: PuzzleService,
  presets: readonly { id: string; rules: RuleSet }[],
  rank: PuzzleRanker,
  o: { seconds: number; log: Logger; stop: () => boolean },
): Promise<void> {
  if (o.seconds <= 0) return;
  for (const p of presets) {
    if (o.stop()) return;
    try {
      const started = Date.now();
      const added = await puzzles.fillIfEmpty(p.id, p.rules, rank, {
        seconds: o.seconds,
        stop: o.stop,
      });
      if (added > 0)
        o.log.info(
          { preset: p.id, puzzles: added, ms: Date.now() - started },
          'puzzle bank made from self-play',
        );
    } catch (err) {
      o.log.warn({ err, preset: p.id }, 'puzzle bank not made');
    }
  }
}
