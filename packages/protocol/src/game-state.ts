// The engine's plain-data types (state, actions, events, logs) as schemas, so clients can check
// what they receive and the OpenAPI document shows them. The engine stays the source of truth:
// the type checks at the bottom fail the build if the two drift apart.
import {
  StoredRuleSetSchema,
  type Action,
  type GameEvent,
  type GameLog,
  type GameState,
  type LogEntry,
} from '@zilch/engine';
import { z } from 'zod';

const int = z.number().int();
const seat = int.min(0);
const dice = z.array(int.min(1).max(6));

/**
 * The full rule set a game is played with (`RuleSet` of @zilch/engine), as stored games hold it:
 * no field outside the schema, and a first-roll mercy of 0 (refused in new rule sets) still reads.
 */
export const RulesSchema = StoredRuleSetSchema.meta({ id: 'RuleSet' });

const OfferSchema = z.object({ points: int, dice: int });

/** The engine's `GameState`: plain JSON, the same object the engine reduces. */
export const GameStateSchema = z
  .object({
    rules: RulesSchema,
    players: int.min(1),
    scores: z.array(z.number()),
    onBoard: z.array(z.boolean()),
    zilchStreak: z.array(int),
    current: seat,
    phase: z.enum(['choose', 'roll', 'keep', 'decide', 'over']),
    turn: z.object({
      total: z.number(),
      available: int,
      locked: z.number(),
      held: int,
      sets: z
        .array(z.number())
        .readonly()
        .describe('Set doubling: the held set of each face, in points'),
      roll: dice.nullable(),
      hot: z.boolean(),
      inherited: z.number(),
      rolls: int,
    }),
    offer: OfferSchema.nullable(),
    finalRound: z.object({ by: seat, turnsLeft: int }).nullable(),
    turnNumber: int,
    winners: z.array(seat),
  })
  .meta({ id: 'GameState' });

/** An engine action with its seat, as stored in a log (`timeout`, `forfeit` and `abort` are played by the server). */
export const ActionSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('fresh'), seat }),
    z.object({ type: z.literal('inherit'), seat }),
    z.object({ type: z.literal('roll'), seat }),
    z.object({
      type: z.literal('keep'),
      seat,
      dice: z.array(int),
      then: z.enum(['bank', 'roll']).optional(),
    }),
    z.object({ type: z.literal('bank'), seat }),
    z.object({ type: z.literal('timeout'), seat }),
    z.object({ type: z.literal('forfeit'), seat }),
    z.object({ type: z.literal('abort'), seat }),
  ])
  .meta({ id: 'Action' });

/** What happened, in order (`GameEvent` of @zilch/engine); every roll carries its dice. */
export const GameEventSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('first-player'),
      seat,
      rollOff: z.array(z.array(z.object({ seat, dice }))),
    }),
    z.object({ type: z.literal('turn-started'), seat, offer: OfferSchema.nullable() }),
    z.object({ type: z.literal('fresh'), seat }),
    z.object({ type: z.literal('inherited'), seat, points: z.number(), dice: int }),
    z.object({ type: z.literal('rolled'), seat, dice }),
    z.object({
      type: z.literal('kept'),
      seat,
      positions: z.array(int),
      faces: dice,
      points: z.number(),
      total: z.number(),
    }),
    z.object({ type: z.literal('hot-dice'), seat, locked: z.number() }),
    z.object({ type: z.literal('zilch'), seat, lost: z.number(), locked: z.number() }),
    z.object({ type: z.literal('mercy'), seat, points: z.number(), total: z.number() }),
    z.object({ type: z.literal('penalty'), seat, points: z.number(), score: z.number() }),
    z.object({ type: z.literal('banked'), seat, points: z.number(), score: z.number() }),
    z.object({ type: z.literal('offer'), to: seat, points: z.number(), dice: int }),
    z.object({ type: z.literal('final-round'), by: seat }),
    z.object({ type: z.literal('timeout'), seat }),
    z.object({ type: z.literal('forfeit'), seat }),
    z.object({ type: z.literal('aborted'), seat }),
    z.object({ type: z.literal('game-over'), winners: z.array(seat), scores: z.array(z.number()) }),
  ])
  .meta({ id: 'GameEvent' });

/** One accepted action and the dice its rolls produced. */
export const LogEntrySchema = z.object({ action: ActionSchema, dice: z.array(dice) });

/** Everything needed to rebuild a game (`GameLog` of @zilch/engine). */
export const GameLogSchema = z
  .object({
    rules: RulesSchema,
    players: int.min(1),
    setupDice: z.array(dice).describe('Dice that chose the first player'),
    entries: z.array(LogEntrySchema),
  })
  .meta({ id: 'GameLog' });

/** Whether two types are assignable both ways (readonly aside). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree = <T extends true>(ok: T): T => ok;
agree<Same<z.infer<typeof GameStateSchema>, GameState>>(true);
agree<Same<z.infer<typeof ActionSchema>, Action>>(true);
agree<Same<z.infer<typeof GameEventSchema>, GameEvent>>(true);
agree<Same<z.infer<typeof LogEntrySchema>, LogEntry>>(true);
agree<Same<z.infer<typeof GameLogSchema>, GameLog>>(true);
