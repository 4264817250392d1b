/** The layer rule in eslint.layers.js: a forbidden import fails lint, an allowed one does not. */
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

/** The layer-rule messages ESLint gives for `code` placed at `filePath` in the repository. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((m: Linter.LintMessage) => m.ruleId === 'no-restricted-imports')
    .map((m: Linter.LintMessage) => m.message);
}

const forbidden: [file: string, source: string][] = [
  ['packages/engine/src/probe.ts', '@zilch/strategy'],
  ['packages/engine/src/game/probe.ts', '@zilch/protocol'],
  ['packages/protocol/src/probe.ts', '@zilch/server'],
  ['packages/protocol/src/probe.ts', '@zilch/client'],
  ['packages/client/src/probe.ts', '@zilch/server'],
  ['packages/client/src/probe.ts', '@zilch/engine'],
  ['packages/strategy/src/probe.ts', '@zilch/server'],
  ['packages/strategy/src/solver/probe.ts', '@zilch/web'],
  ['packages/strategy/src/probe.ts', '@zilch/cli'],
  ['packages/web/app/pages/probe.tsx', '@zilch/server'],
  ['packages/web/app/probe.ts', '@zilch/cli'],
  ['packages/server/src/probe.ts', '@zilch/web'],
  ['packages/server/src/http/probe.ts', '@zilch/cli'],
  ['packages/server/src/probe.ts', '@zilch/testkit'],
  ['packages/engine/src/probe.ts', '../../strategy/src/index.ts'],
  ['packages/server/src/games/probe.ts', '../../../engine/src/index.ts'],
];

const allowed: [file: string, source: string][] = [
  ['packages/strategy/src/probe.ts', '@zilch/engine'],
  ['packages/server/src/probe.ts', '@zilch/strategy'],
  ['packages/server/src/probe.ts', '@zilch/protocol'],
  ['packages/cli/src/probe.ts', '@zilch/server'],
  ['packages/cli/src/probe.ts', '@zilch/client'],
  ['packages/client/src/probe.ts', '@zilch/protocol'],
  ['packages/web/app/probe.ts', '@zilch/engine'],
  ['packages/web/app/probe.ts', '@zilch/protocol'],
  ['packages/engine/src/game/probe.ts', '../rules/schema.ts'],
];

describe('layer rule', () => {
  it.each(forbidden)('%s may not import %s', async (file, source) => {
    const errors = await layerErrors(file, `import { x } from '${source}';\nexport const y = x;\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/layer must not depend|not by a path/);
  });

  it.each(allowed)('%s may import %s', async (file, source) => {
    const errors = await layerErrors(file, `import { x } from '${source}';\nexport const y = x;\n`);
    expect(errors).toEqual([]);
  });

  it('also catches dynamic imports and re-exports', async () => {
    const file = 'packages/strategy/src/probe.ts';
    expect(await layerErrors(file, "export { x } from '@zilch/server';\n")).toHaveLength(1);
    expect(await layerErrors(file, "export * from '@zilch/web';\n")).toHaveLength(1);
  });
});
