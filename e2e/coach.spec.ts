import { PRESETS } from '@zilch/engine';
import { expect, test } from '@playwright/test';
import { apiGame, forceDice, holdToken } from './helpers.ts';

// Issue 13, item 5: on a fresh install the build has presolved the shipped two-player presets,
// and the server reads them at start, so the coach speaks in win chances from the very first
// decision of the first game — no "being prepared" phase in expected points.

test('the coach shows win % from the first decision of a new serendipity-creak game', async ({
  page,
  request,
}) => {
  // Seat 1 starts (a random first player could hand the first decision to the bot).
  const { gameId, token } = await apiGame(
    request,
    { ...PRESETS['serendipity-creak'], firstPlayer: 'seat-1' },
    ['optimal'],
    'Ann',
  );
  await forceDice(request, gameId, [[1, 5, 2, 3, 4, 6]]);
  await holdToken(page, gameId, 0, token);
  await page.goto(`/t/${gameId}`);
  await expect(page.getByRole('heading', { name: 'Your turn', exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: /Coach/ }).check();

  // The first decision: roll the six dice (the only move; still valued as a chance to win).
  const best = page.locator('.advice li.best');
  await expect(best).toContainText('% to win');
  await expect(page.getByTestId('coach-preparing')).toHaveCount(0);

  // The second: what to keep from 1 5 2 3 4 6, each option as a chance to win.
  await page.getByTestId('roll').click();
  await expect(page.getByRole('button', { name: /^Die 1:/ })).toBeEnabled();
  await expect(best).toContainText('% to win');
  await expect(page.locator('.advice li').nth(1)).toContainText('% to win');
  await expect(page.getByTestId('coach-preparing')).toHaveCount(0);
});
