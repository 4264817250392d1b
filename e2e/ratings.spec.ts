// Ratings (issue 12, item 2): two accounts with passkeys (Chromium's virtual authenticator, two
// browser contexts) play a rated game to its end; both see their rating move, on the table, on
// their profile's chart and on the leaderboard. WebAuthn needs a host name, so pages use localhost.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { authenticator, expectAccessible, shootWidths, forceDice, gameIdOf } from './helpers.ts';

const origin = `http://localhost:${process.env.ZILCH_E2E_PORT}`;
const PRESET = 'farkle-2017';
/** Where screenshots of the new pages go (looked at by hand, not committed). */
const SHOTS = process.env.ZILCH_RATINGS_SHOTS;

const shot = (page: Page, name: string) => shootWidths(SHOTS, page, name);

/** A new browser context whose person makes an account with a passkey and takes a name. */
async function signUp(contexts: BrowserContext[], browser: Browser, name: string) {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await authenticator(page);
  await page.goto(`${origin}/me`);
  await page.getByRole('button', { name: 'Create an account with a passkey' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.getByLabel('Display name').fill(name);
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  return page;
}

/** The players listed on the leaderboard of the preset (ranked and provisional), in order. */
async function listed(page: Page): Promise<string[]> {
  await page.goto(`${origin}/leaderboard?preset=${PRESET}`);
  await expect(page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('board-provisional')).toBeVisible();
  return page.locator('[data-testid^="board-"] tbody .player-name').allInnerTexts();
}

test('two accounts play a rated game; both ratings and the leaderboard change', async ({
  browser,
  request,
}) => {
  // Two sign-ups, a whole game and four pages checked with axe: longer than the default.
  test.setTimeout(180_000);
  const contexts: BrowserContext[] = [];
  try {
    const ann = await signUp(contexts, browser, 'Ann');
    const ben = await signUp(contexts, browser, 'Ben');
    const before = await listed(ann);
    expect(before.map((n) => n.trim())).not.toContain('Ann');

    // Ann sets a rated table up: an unchanged preset, two people.
    await ann.goto(`${origin}/new`);
    await ann.getByLabel('Preset').selectOption(PRESET);
    const rated = ann.getByRole('checkbox', { name: 'Rated game' });
    await expect(rated).toBeEnabled();
    // The checkbox answers the keyboard.
    await rated.focus();
    await ann.keyboard.press('Space');
    await expect(rated).toBeChecked();
    await expect(ann.getByLabel('Absent players')).toBeDisabled();
    await expectAccessible(ann, 'create a rated table');
    await shot(ann, 'create-rated');
    await ann.getByRole('button', { name: 'Create the table' }).click();
    await expect(ann.getByRole('heading', { name: 'Your table is ready' })).toBeVisible();
    await expect(ann.getByTestId('rated-note')).toContainText('passkey');
    const invite = await ann.getByTestId('invite-1').inputValue();
    const gameId = gameIdOf(invite);

    // Ann's turn: hot dice five times over (six 1s are 2,000 each), then she banks 10,000 and
    // wins at once (this preset ends the game when the target is reached).
    await forceDice(
      request,
      gameId,
      Array.from({ length: 5 }, () => [1, 1, 1, 1, 1, 1]),
    );

    // Ben opens the invite: a rated seat, taken as his account, under its name.
    await ben.goto(invite.replace(/^https?:\/\/[^/]+/, origin));
    await expect(ben.getByRole('heading', { name: 'Take your seat' })).toBeVisible();
    await expect(ben.getByText(/rated/)).toBeVisible();
    await expectAccessible(ben, 'take a rated seat');
    await shot(ben, 'claim-rated');
    await ben.getByRole('button', { name: 'Join as Ben' }).click();

    await ann.getByRole('button', { name: 'Go to the table' }).click();
    await expect(ann.getByRole('heading', { name: 'Your turn' })).toBeVisible();
    // A rated table looks rated (issue 22): the mark, each rating beside the name, the stakes.
    for (const page of [ann, ben]) {
      await expect(page.getByTestId('rated-mark')).toHaveText(/Rated/);
      for (const seat of [0, 1]) {
        await expect(page.getByTestId(`stake-${seat}`)).toContainText('1500');
        await expect(page.getByTestId(`stake-${seat}`)).toContainText(/win \+\d+ · loss −\d+/);
      }
    }
    await expectAccessible(ann, 'rated table in play');
    await shot(ann, 'table-rated');
    for (let roll = 1; roll <= 5; roll++) {
      await ann.getByTestId('roll').click();
      await expect(ann.getByRole('button', { name: /^Die 1:/ })).toBeEnabled();
      // Keys after the dice land (taps during the tumble are taps.spec's subject, not this one's).
      await expect(ann.getByTestId('selection')).not.toContainText('Rolling');
      for (const d of [1, 2, 3, 4, 5, 6]) await ann.keyboard.press(String(d));
      await expect(ann.getByTestId('selection')).toContainText('+2,000');
    }
    await expect(ann.getByTestId('bank')).toHaveText('Keep & bank 10,000');
    await ann.getByTestId('bank').click();

    // Both tables show the game over and what it did to the ratings.
    for (const page of [ann, ben]) {
      await expect(page.getByTestId('game-over')).toBeVisible();
      await expect(page.getByTestId('rating-result')).toContainText(/Ann: 1500 → 1[6-9]\d\d/);
      await expect(page.getByTestId('rating-result')).toContainText(/Ben: 1500 → 1[0-3]\d\d/);
    }
    await expectAccessible(ann, 'game over with rating changes');
    await shot(ann, 'game-over-rated');

    // Each profile has the preset's rating, its deviation and a chart of its history.
    for (const [page, up] of [
      [ann, true],
      [ben, false],
    ] as const) {
      await page.goto(`${origin}/me`);
      const card = page.getByTestId(`rating-${PRESET}`);
      await expect(card).toBeVisible();
      const value = await card.getByTestId('rating-value').innerText();
      const rating = Number(/^(\d+) ± \d+$/.exec(value)?.[1]);
      expect(up ? rating > 1500 : rating < 1500, value).toBe(true);
      await expect(card.locator('.uplot')).toHaveCount(1);
      await expect(card.getByText('provisional')).toBeVisible();
      await expect(card.getByRole('link', { name: /^(Won|Lost) against (Ann|Ben)$/ })).toHaveCount(
        1,
      );
    }
    await expectAccessible(ann, 'profile with a rating');
    await shot(ann, 'profile-rating');

    // The leaderboard lists both now (one game each, provisional), Ann first.
    const after = (await listed(ben)).map((n) => n.trim());
    expect(after.slice(0, 2)).toEqual(['Ann', 'Ben']);
    await expect(ben.getByTestId('board-provisional').getByRole('row')).toHaveCount(3);
    await expectAccessible(ben, 'leaderboard');
    await shot(ben, 'leaderboard');

    // From the leaderboard to Ann's public profile.
    await ben.getByRole('link', { name: 'Ann' }).click();
    await expect(ben.getByRole('heading', { name: 'Ann', level: 1 })).toBeVisible();
    await expect(ben.getByTestId(`rating-${PRESET}`)).toBeVisible();
    await expectAccessible(ben, 'public profile');
  } finally {
    for (const c of contexts) await c.close();
  }
});
