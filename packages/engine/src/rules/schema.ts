import { z } from 'zod';

/** Points are whole multiples of 50, as in every Zilch scoring table. */
const points = z
  .number()
  .int()
  .min(0)
  .max(10_000_000)
  .refine((n) => n % 50 === 0, { message: 'points must be a multiple of 50' });

/**
 * Mercy points: at least 50. A mercy of 0 reads as "off" yet would still give a free re-roll of
 * every die; `null` is how a file says off.
 */
const mercyPoints = z
  .number()
  .int()
  .min(50, {
    message:
      'the mercy must be at least 50 points (0 reads as off but would still give a free re-roll); write null for no mercy',
  })
  .max(10_000_000)
  .refine((n) => n % 50 === 0, { message: 'points must be a multiple of 50' });

const face = z.number().int().min(1).max(6);

// Every object here is strict: a misspelled field (`"sixofakind"`) would otherwise be dropped
// and the game played without the rule its author meant. parseRules names the closest field.

/** A straight: the faces it needs (one die each) and what it scores. */
export const StraightSchema = z.strictObject({
  faces: z
    .array(face)
    .min(2)
    .max(6)
    .refine((f) => new Set(f).size === f.length, { message: 'a straight lists each face once' }),
  points,
});

/** The rule-set schema, with the points a first-roll mercy may be (see the two exports below). */
function ruleSetSchema(mercy: typeof points) {
  return z
    .strictObject({
      name: z.string().min(1).max(60).describe('Short name shown to players'),
      dice: z.number().int().min(1).max(10).describe('Number of dice in play'),
      target: points
        .refine((n) => n > 0, { message: 'target must be positive' })
        .describe('Score that ends the game'),
      end: z
        .enum(['final-round', 'immediate'])
        .describe(
          'final-round: reaching the target gives every other player one more turn; immediate: the first bank at or over the target wins',
        ),
      singles: z
        .array(points)
        .length(6)
        .describe(
          'Points of a single die, by face (index 0 is face 1); 0 means the face does not score alone',
        ),
      ofAKind: z
        .array(z.array(points))
        .length(6)
        .describe(
          'Points of n of a kind: ofAKind[face-1][n-3] for n = 3..dice; 0 means not a combination',
        ),
      straights: z
        .array(StraightSchema)
        .max(10)
        .describe('Runs of faces, each needing one die per face'),
      threePairs: z
        .strictObject({ points, form: z.enum(['distinct', 'four-plus-pair', 'any']) })
        .nullable()
        .describe(
          'distinct: three different faces; four-plus-pair: also 4 + 2 of another face; any: also six of a kind',
        ),
      twoTriplets: z
        .strictObject({
          points,
          sixOfAKind: z
            .boolean()
            .optional()
            .describe('House rule: six of one face also counts as two triplets (absent: no)'),
        })
        .nullable()
        .describe('Two triples of different faces in one roll'),
      keepSetsWhole: z
        .boolean()
        .optional()
        .describe(
          'House rule: when a roll holds three or more of a face, or any die of a face held as a growing set (setDoubling), keeping any die of that face means keeping all of them (absent: off)',
        ),
      bonusFloor: z
        .boolean()
        .optional()
        .describe(
          'House rule: three pairs, two triplets or a straight that uses every die rolled scores the larger of its points and the best score of any selection from that roll, and every die counts as kept (absent: off)',
        ),
      hotDiceDoubling: z
        .boolean()
        .describe('Hot Dice extensions: each further die of a held set doubles the running total'),
      setDoubling: z
        .boolean()
        .optional()
        .describe(
          "House rule: once three or more of a face are kept as a set, each further die of that face kept in a later roll of the turn doubles that set's points, not the running total; hot dice ends the set (absent: off; not with hotDiceDoubling)",
        ),
      nothingBonus: points
        .nullable()
        .describe('Points for rolling all the dice with nothing scoring; those dice count as kept'),
      openingMinimum: points.describe('Running total needed for a first bank (0: none)'),
      bankMinimum: points.describe('Running total needed for any bank (0: none)'),
      zilchPenalty: z
        .strictObject({ zilches: z.number().int().min(2).max(10), points })
        .nullable()
        .describe('Points lost on this many zilches in a row'),
      offers: z
        .strictObject({ afterHotDice: z.boolean() })
        .nullable()
        .describe(
          'Inheritance: a bank offers its running total and the dice left to the next player',
        ),
      firstRollMercy: z
        .strictObject({ points: mercy })
        .nullable()
        .optional()
        .describe(
          "House rule: a zilch on a fresh turn's first roll adds these points (50 or more in a new rule set) to the running total and the player rolls every die once more; a later zilch loses them with the rest, unless a Ten Dice lock has banked them (absent or null: off)",
        ),
      lockOnHotDice: z
        .boolean()
        .describe('Ten Dice lock: hot dice secures the running total against a later zilch'),
      firstPlayer: z.enum(['random', 'roll-off', 'seat-1']).describe('Who takes the first turn'),
      ties: z
        .enum(['share', 'play-off'])
        .describe(
          'share: players tied on the highest score share the win; play-off: the tied players play further rounds, one turn each in seat order starting after the player who took the last turn, until one leads (with offers, a bank in it offers to the next tied player)',
        ),
      rounds: z
        .number()
        .int()
        .min(1)
        .max(100)
        .nullable()
        .optional()
        .describe(
          'House rule: the game lasts this many rounds (every seat one turn each) and the highest score wins; the target does not end it (absent or null: play to the target)',
        ),
      turnTimerSeconds: z
        .number()
        .int()
        .min(5)
        .max(7 * 24 * 3600)
        .nullable()
        .describe('Time per decision; when it runs out the turn ends as a zilch'),
    })
    .superRefine((r, ctx) => {
      if (r.setDoubling && r.hotDiceDoubling) {
        ctx.addIssue({
          code: 'custom',
          path: ['setDoubling'],
          message:
            'set doubling and Hot Dice extensions (hotDiceDoubling) both give the further dice of a held set their value: turn one of them off',
        });
      }
      r.ofAKind.forEach((row, i) => {
        if (row.length !== Math.max(0, r.dice - 2)) {
          ctx.addIssue({
            code: 'custom',
            path: ['ofAKind', i],
            message: `face ${i + 1} needs ${Math.max(0, r.dice - 2)} entries (3 to ${r.dice} of a kind), got ${row.length}`,
          });
        }
      });
      r.straights.forEach((s, i) => {
        if (s.faces.length > r.dice) {
          ctx.addIssue({
            code: 'custom',
            path: ['straights', i],
            message: `a straight of ${s.faces.length} faces needs more than ${r.dice} dice`,
          });
        }
      });
    });
}

/** The full set of rules a game is played with; every parameter of SPEC.md is here. */
export const RuleSetSchema = ruleSetSchema(mercyPoints);

/**
 * A rule set a stored game or an export already holds: as RuleSetSchema, but a first-roll
 * mercy of 0 points, which new rule sets may no longer name, still reads (a game is its log,
 * and its rules are fixed by the fairness commitment, so they are read as they were played).
 */
export const StoredRuleSetSchema = ruleSetSchema(points);

/** A validated rule set. */
export type RuleSet = z.infer<typeof RuleSetSchema>;
