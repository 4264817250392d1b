import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/index.ts';
import { protocolDocs } from '../../../scripts/protocol-docs.ts';

const committed = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');

describe('docs/protocol.md', () => {
  it('is what `npm run docs:protocol` generates from the schemas', async () => {
    // If this fails after a schema change, run `npm run docs:protocol` and commit the result.
    expect(committed).toBe(await protocolDocs());
  });

  it('lists every error code and no code outside the union', () => {
    const table = committed.slice(committed.indexOf('## Error codes'));
    const listed = [...table.matchAll(/^\| `([A-Z_]+)`/gm)].map((m) => m[1]);
    expect(listed).toEqual([...ERROR_CODES]);
    expect(committed).not.toContain('ADVICE_UNAVAILABLE');
  });
});
