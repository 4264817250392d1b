// @zilch/cli — the `zilch` command. Placeholder.
export {};
