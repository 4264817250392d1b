// @ts-check
// The layer rule: which @zilch/* packages each package may import (docs/ARCHITECTURE.md).
// Dependencies point one way — engine ← protocol, strategy ← server, cli; web talks to the
// server over the wire — so a forbidden import fails lint, not just review.

const PACKAGES = ['engine', 'protocol', 'client', 'strategy', 'server', 'cli', 'web', 'testkit'];

/** What each package's sources may import of ours (tests may also use testkit). */
export const ALLOWED = {
  engine: [],
  protocol: ['engine'],
  client: ['protocol'],
  strategy: ['engine'],
  server: ['engine', 'protocol', 'strategy'],
  cli: ['engine', 'strategy', 'server', 'protocol', 'client'],
  web: ['engine', 'protocol'],
  testkit: ['engine', 'protocol'],
};

/** The no-restricted-imports patterns that forbid every package not in `allowed`. */
function forbidden(own, allowed) {
  const banned = PACKAGES.filter((p) => p !== own && !allowed.includes(p));
  return [
    ...banned.map((p) => ({
      group: [`@zilch/${p}`, `@zilch/${p}/*`],
      message: `the ${own} layer must not depend on @zilch/${p} (see docs/ARCHITECTURE.md, Layers)`,
    })),
    {
      // Reaching into another package's files by path skips its public entry and the rule above.
      regex: `^(\\.\\./)+(packages/)?(${PACKAGES.filter((p) => p !== own).join('|')})/(src|dist)(/|$)`,
      message: 'import another package by its name (@zilch/…), not by a path into its files',
    },
  ];
}

/** ESLint config blocks enforcing the layers on each package's sources. */
export const layers = Object.entries(ALLOWED).map(([own, allowed]) => ({
  files: [`packages/${own}/src/**/*.{ts,tsx,mts,js,mjs}`, `packages/${own}/app/**/*.{ts,tsx}`],
  rules: { 'no-restricted-imports': ['error', { patterns: forbidden(own, allowed) }] },
}));
