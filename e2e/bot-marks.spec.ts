// Bots marked as bots (issue 27) on a phone (375 px): a built-in bot's seat at a table carries
// the BOT mark (read out as "bot, expected"); a person challenges a built-in bot as an account
// (`zilch-cautious` accepts at once); the bot's page lists that game, marks the bot, and passes axe.
// WebAuthn needs a host name, so pages use localhost.
import { expect, test } from '@playwright/test';
import { apiGame, authenticator, expectAccessible, holdToken } from './helpers.ts';

const origin = `http://localhost:${process.env.ZILCH_E2E_PORT}`;

test('the BOT mark at a table, and a bot’s page with its games, at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });

  // A person with an account challenges a built-in bot: it accepts at once.
  await authenticator(page);
  await page.goto(`${origin}/me`);
  await page.getByRole('button', { name: 'Create an account with a passkey' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.getByLabel('Display name').fill('Challenger');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  const sent = await page.request.post(`${origin}/api/account/challenges`, {
    data: { to: { userId: 'zilch-cautious' }, rules: 'classic' },
    headers: { origin },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const challenge = (await sent.json()) as { status: string; gameId: string };
  expect(challenge.status).toBe('accepted');

  // A built-in bot's seat at a table.
  const { gameId, token } = await apiGame(page.request, 'classic', ['expected'], 'Marker');
  await holdToken(page, gameId, 0, token);
  await page.goto(`${origin}/t/${gameId}`);
  const mark = page.getByTestId('seat-1').getByTestId('bot-mark');
  await expect(mark).toBeVisible();
  await expect(mark).toHaveText('BOT');
  await expect(mark).toHaveAttribute('aria-label', 'bot, expected');
  await expect(page.getByTestId('seat-0').getByTestId('bot-mark')).toHaveCount(0);

  // The bot's page: its name with the mark, the ladder section, and the game just made.
  await page.goto(`${origin}/bots/zilch-cautious`);
  await expect(page.getByRole('heading', { level: 1, name: /zilch-cautious/ })).toBeVisible();
  await expect(page.getByTestId('bot-page').getByTestId('bot-mark').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bot ladder' })).toBeVisible();
  const games = page.getByTestId('bot-games');
  await expect(games).toContainText('vs Challenger');
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(375);
  await expectAccessible(page, 'bot page');

  // From the page to the table: the bot's seat is marked there too.
  await games
    .getByRole('link', { name: /Watch|Review/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/t/${challenge.gameId}`));
  await expect(page.getByTestId('seat-1').getByTestId('bot-mark')).toBeVisible();
});
