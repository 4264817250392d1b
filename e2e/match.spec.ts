// Quick match (issue 12, item 4): two players in two browsers are paired and land at one table;
// a lone player takes the bot offered after the wait (ZILCH_MATCH_BOT_AFTER_MS in the
// Playwright config). The page is checked at phone and desktop width, by keyboard, with axe.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, gameIdOf, shootWidths } from './helpers.ts';

/** Where screenshots of the page go, to be looked at by hand (not committed). */
const SHOTS = process.env.ZILCH_MATCH_SHOTS;

const shot = (page: Page, name: string) => shootWidths(SHOTS, page, name);

test('two players in two browsers are paired and sit at the same table', async ({ browser }) => {
  const contexts = [await browser.newContext(), await browser.newContext()];
  try {
    const [ann, ben] = await Promise.all(contexts.map((c) => c.newPage()));
    // Ann on a phone, by keyboard: the preset picker, then the button.
    await ann!.setViewportSize({ width: 375, height: 740 });
    await ann!.goto('/play');
    await expect(ann!.getByRole('heading', { name: 'Quick match' })).toBeVisible();
    await expect(ann!.getByLabel('Rated game')).toBeDisabled();
    await expectAccessible(ann!, 'quick match form');
    await shot(ann!, 'match-form');
    await ann!.getByLabel('Rule set').focus();
    await ann!.getByLabel('Rule set').selectOption('hot-dice');
    await ann!.keyboard.press('Tab');
    await ann!.keyboard.press('Tab');
    await expect(ann!.getByRole('button', { name: 'Find an opponent' })).toBeFocused();
    await ann!.keyboard.press('Enter');
    await expect(ann!.getByRole('heading', { name: 'Looking for an opponent…' })).toBeVisible();
    await expect(ann!.getByTestId('match-elapsed')).toHaveText(/0:0[1-9]/);
    await expectAccessible(ann!, 'quick match waiting');
    await shot(ann!, 'match-waiting');
    await ann!.setViewportSize({ width: 375, height: 740 });

    await ben!.goto('/play');
    await ben!.getByLabel('Rule set').selectOption('hot-dice');
    await ben!.getByRole('button', { name: 'Find an opponent' }).click();

    await ann!.waitForURL(/\/t\//);
    await ben!.waitForURL(/\/t\//);
    expect(gameIdOf(ann!.url())).toBe(gameIdOf(ben!.url()));
    // Each sees the table as a seated player (the roll or a wait for the other), not as a spectator.
    for (const p of [ann!, ben!]) {
      await expect(p.getByTestId('score-0')).toBeVisible();
      await expect(p.getByText(/spectating|watching/i)).toHaveCount(0);
      // A matched table always has a timer per decision, and says what happens to an absent player.
      await expect(p.getByText(/s left to decide/)).toBeVisible();
      await expect(p.getByTestId('absence-rule')).toContainText(
        'never makes a move calls the game off',
      );
    }
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});

test('a lone player is offered a bot after the wait and plays it', async ({ page }) => {
  await page.goto('/play');
  await page.getByLabel('Rule set').selectOption('ten-dice');
  await page.getByRole('button', { name: 'Find an opponent' }).click();
  await expect(page.getByTestId('bot-offer')).toHaveCount(0);
  const offer = page.getByTestId('bot-offer');
  await expect(offer).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page, 'quick match bot offer');
  await shot(page, 'match-bot-offer');
  await page.getByLabel('Bot', { exact: true }).selectOption('cautious');
  await page.getByRole('button', { name: 'Play the bot' }).click();
  await page.waitForURL(/\/t\//);
  // Visible ones only: the dice tray's caption ("Last roll: Cautious bot …") may be in the page
  // but hidden while the dice are shown, and it can come first.
  await expect(
    page
      .getByText(/Cautious bot/)
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
});

test('cancel leaves the queue and shows the form again', async ({ page }) => {
  await page.goto('/play');
  await page.getByLabel('Rule set').selectOption('zilch-online');
  await page.getByRole('button', { name: 'Find an opponent' }).click();
  await expect(page.getByRole('heading', { name: 'Looking for an opponent…' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Find an opponent' })).toBeVisible();
  const status = await page.request.get('/api/account/match');
  expect(await status.json()).toEqual({ state: 'idle' });
});

test('the public lobby lists a public table; a stranger takes its free seat', async ({
  page,
  request,
}) => {
  const made = await request.post('/api/games', {
    data: { rules: 'classic', seats: [{ kind: 'human' }, { kind: 'human' }], public: true },
  });
  const t = (await made.json()) as { gameId: string; seats: { token?: string }[] };
  await request.post(`/api/games/${t.gameId}/claim`, {
    data: { token: t.seats[0]!.token, name: 'Lobbyhost' },
  });
  await page.goto('/play');
  const lobby = page.getByRole('region', { name: 'Public tables' });
  await expect(lobby.getByRole('link', { name: 'Watch Lobbyhost vs open seat' })).toBeVisible();
  await expectAccessible(page, 'public lobby');
  await lobby.getByRole('button', { name: 'Take a seat: Lobbyhost vs open seat' }).click();
  await page.waitForURL(new RegExp(`/t/${t.gameId}`));
  await expect(page.getByTestId('score-1')).toBeVisible();
  await expect(page.getByText('Lobbyhost').first()).toBeVisible();
});
