import { expect, test } from '@playwright/test';
import { apiGame, expectAccessible, forceDice, gameIdOf, holdToken } from './helpers.ts';

test('hot-seat: two people share one device, and My games puts the table waiting for them first', async ({
  page,
  request,
}) => {
  await page.goto('/new');
  await page.locator('summary', { hasText: 'House rules' }).click();
  await page.getByLabel('Who starts').selectOption('seat-1');
  await page.getByLabel('Seat 1 name').fill('Ann');
  await page.getByLabel('Seat 2 name').fill('Ben');
  await page.getByLabel(/Everyone: pass this device around/).check();
  await page.getByRole('button', { name: 'Create the table' }).click();
  // Everyone plays here: nobody to invite, so no invite-links page on the way (issue 22).
  await page.waitForURL(/\/t\/[^/]+$/);
  await expect(page.getByText('Invite links')).toHaveCount(0);
  const gameId = gameIdOf(page.url());

  await expect(page.getByRole('heading', { name: "Ann's turn — pass the device" })).toBeVisible();
  await forceDice(request, gameId, [
    [2, 3, 4, 6, 2, 3],
    [1, 5, 2, 2, 3, 6],
  ]);
  await page.getByTestId('roll').click();
  await expect(page.getByTestId('banner')).toContainText('Zilch!');
  // Ben's turn is played from the same page, with Ben's token.
  await expect(page.getByRole('heading', { name: "Ben's turn — pass the device" })).toBeVisible();
  await page.getByTestId('roll').click();
  // Once Ben has rolled, the device is his: the heading stops asking to pass it.
  await expect(page.getByRole('heading', { name: "Ben's turn", exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Die 1: one' }).click();
  await page.getByTestId('bank').click();
  await expect(page.getByTestId('score-1')).toHaveText('100');
  await expect(page.getByRole('heading', { name: /Ann's turn/ })).toBeVisible();

  await page.goto('/');
  const mine = page.getByRole('region', { name: 'My games' });
  await expect(mine.getByRole('link').first()).toContainText('Ann vs Ben');
  await expect(mine.getByRole('link').first()).toContainText('Your move');
  await expectAccessible(page, 'home with my games');
});

test('guided first game: tips explain the moment and can be dismissed', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Guided first game' }).click();
  await page.waitForURL(/guide=1/);
  const tip = page.getByTestId('tip');
  await expect(tip).toBeVisible({ timeout: 30_000 });
  let first = await tip.getByRole('heading').textContent();
  // Live dice: the bot may play first, and its zilch or hot dice bring their own tip before
  // the player's turn does.
  while (first === 'Tip: Zilch' || first === 'Tip: Hot dice') {
    await tip.getByRole('button', { name: 'Got it' }).click();
    await expect(tip.getByRole('heading')).not.toHaveText(first);
    await expect(tip).toBeVisible({ timeout: 30_000 });
    first = await tip.getByRole('heading').textContent();
  }
  expect(first).toMatch(/Tip: (Your turn|An offer)/);
  await tip.getByRole('button', { name: 'Got it' }).click();
  await expect(page.getByRole('heading', { name: first ?? '' })).toHaveCount(0);
  if (first === 'Tip: An offer') await page.keyboard.press('f');
  await page.getByTestId('roll').click();
  // Live dice: the roll may score with every die (hot dice), which has a tip of its own.
  await expect(tip.getByRole('heading')).toHaveText(/Tip: (Keeping|Zilch|Hot dice)/);
  await expectAccessible(page, 'table with a tip');
});

test('a turn timer counts down on the table', async ({ page, request }) => {
  const rules = (
    (await (await request.get('/api/rules')).json()) as {
      presets: { id: string; rules: Record<string, unknown> }[];
    }
  ).presets[0]!.rules;
  const { gameId, token } = await apiGame(
    request,
    { ...rules, firstPlayer: 'seat-1' },
    ['cautious'],
    'Tess',
    { turnTimerSeconds: 60 },
  );
  await holdToken(page, gameId, 0, token);
  await page.goto(`/t/${gameId}`);
  await expect(page.getByText(/⏱ \d+s left to decide/)).toBeVisible();
  const first = Number(
    /(\d+)s/.exec((await page.getByText(/left to decide/).textContent()) ?? '')?.[1],
  );
  expect(first).toBeGreaterThan(40);
  expect(first).toBeLessThanOrEqual(60);
});
