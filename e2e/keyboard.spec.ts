import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, forceDice, gameIdOf } from './helpers.ts';

/** Tabs forward until the focused element has the given accessible text. */
async function tabTo(page: Page, text: RegExp, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const label = (await page.evaluate(
      "document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent || ''",
    )) as string;
    if (text.test(label)) return;
  }
  throw new Error(`could not reach ${text} with Tab`);
}

test('keyboard only: start a bot game, roll, choose dice and bank without a mouse', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await tabTo(page, /^Play a bot now$/);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/t\//);
  const gameId = gameIdOf(page.url());
  await expect(page.getByRole('heading', { name: 'Your turn' })).toBeVisible({ timeout: 30_000 });
  if (await page.getByTestId('offer').isVisible()) await page.keyboard.press('f');
  await expect(page.getByTestId('roll')).toHaveText('Roll 6 dice');
  await forceDice(request, gameId, [[1, 5, 2, 2, 3, 6]]);
  await page.keyboard.press('r');
  await expect(page.getByRole('button', { name: 'Die 1: one' })).toBeVisible();
  // The dice tumble when motion is allowed (the 375 px test checks they do not under reduced motion).
  const animation = await page.evaluate(
    "getComputedStyle(document.querySelector('.cube.rolling')).animationName",
  );
  expect(animation).toBe('tumble');
  // The dice can be chosen once they have landed.
  await expect(page.getByRole('button', { name: 'Die 1: one' })).toBeEnabled();
  await page.keyboard.press('1');
  await expect(page.getByRole('button', { name: 'Die 1: one, selected' })).toBeVisible();
  // Dice are buttons too: Tab to the second die and toggle it with Space.
  await tabTo(page, /^Die 2: five/);
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Die 2: five, selected' })).toBeVisible();
  await expect(page.getByTestId('selection')).toContainText('+150');
  await expectAccessible(page, 'table with a selection');
  await page.keyboard.press('b');
  await expect(page.getByText(/banked 150/)).toBeVisible();
});
