// The web client's part of the fairness proof (issue 10, D8): it sends a random seed of its own
// when it takes a seat, and the fairness page mid-game says the game is verifiable at the end
// (not a red failure) and offers the export as a file.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

test('a seat taken in the browser sends its own seed; mid-game the page waits, and exports', async ({
  page,
  request,
}) => {
  const created = await request.post('/api/games', {
    data: {
      rules: 'serendipity-creak',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    },
  });
  expect(created.status()).toBe(201);
  const c = (await created.json()) as {
    gameId: string;
    commitment: string;
    seats: { token: string }[];
  };
  // Seat 2 is taken over the API without a seed (another client); seat 1 in the browser.
  await request.post(`/api/games/${c.gameId}/claim`, {
    data: { token: c.seats[1]?.token, name: 'Api' },
  });
  await page.goto(`/t/${c.gameId}#seat=${c.seats[0]?.token}`);
  await page.getByLabel('Your name').fill('Web');
  await page.getByRole('button', { name: 'Join the table' }).click();
  const seeds = () =>
    page.evaluate(
      (id) =>
        (
          JSON.parse(
            (
              globalThis as unknown as { localStorage: { getItem(k: string): string | null } }
            ).localStorage.getItem('zilch.seeds') ?? '{}',
          ) as Record<string, string[]>
        )[id] ?? [],
      c.gameId,
    );
  await expect.poll(seeds).toHaveLength(1);
  // Both seats are taken: the game has started with the browser's seed in the dice.
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/games/${c.gameId}`)).json()) as { status: string }).status,
    )
    .toBe('playing');
  const sent = await seeds();
  expect(sent?.[0]).toMatch(/^[0-9a-f]{32}$/);
  const x = (await (await request.get(`/api/games/${c.gameId}/export`)).json()) as {
    version: number;
    playerSeeds: string[];
    serverSeed: string | null;
  };
  expect(x.version).toBe(2);
  expect(x.playerSeeds[0]).toBe(sent?.[0]);
  expect(x.serverSeed).toBeNull();

  await page.goto(`/t/${c.gameId}/fairness`);
  await expect(page.getByTestId('verify-result')).toHaveText(
    'Verifiable when the game ends: the server seed is revealed then.',
  );
  await expect(page.getByText('✗')).toHaveCount(0);
  await expect(page.getByText('The same commitment this device received')).toBeVisible();
  await expect(page.getByTestId('seed-source-0')).toContainText('sent by this device');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-export').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`zilch-${c.gameId}.json`);
  const file = JSON.parse(readFileSync((await download.path()) as string, 'utf8'));
  expect(file).toMatchObject({ version: 2, id: c.gameId, commitment: c.commitment });
});
