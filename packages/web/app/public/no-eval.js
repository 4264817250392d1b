// zod compiles its parsers with `new Function` when it may, and decides so as each schema is
// built. The page's CSP forbids eval (script-src 'self'), and even zod's probe for it is reported
// as a violation. zod reads its settings from this global: set before any module runs, parsing
// stays eval-free.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
