// The scoring layer on its own (`@zilch/engine/scoring`): these modules import the RuleSet
// only as a type, so a caller that scores rolls does not load zod and the rule-set schema.
export * from './multiset.ts';
export * from './combinations.ts';
export { heldOf, NO_SETS, Splitter, splitGain, type Grow, type Split } from './split.ts';
export * from './table.ts';
export * from './odds.ts';
