// @zilch/strategy — odds, expected-value solvers, bots, advisor. Placeholder.
export {};
