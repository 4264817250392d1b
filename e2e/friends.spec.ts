// Friends and challenges (issue 24, items 1 and 2): two accounts in two browser contexts (one a
// 375 px phone) find each other by name, befriend, one challenges, the other accepts from the
// header's notice, and both land on the same table. WebAuthn needs a host name: localhost.
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { authenticator, expectAccessible, gameIdOf, shootWidths } from './helpers.ts';

const origin = `http://localhost:${process.env.ZILCH_E2E_PORT}`;
/** Where screenshots go, to be looked at by hand (not committed). */
const SHOTS = process.env.ZILCH_FRIENDS_SHOTS;

/** A new browser context whose person makes an account with a passkey and takes a name. */
async function signUp(contexts: BrowserContext[], browser: Browser, name: string, width?: number) {
  const context = await browser.newContext(
    width ? { viewport: { width, height: 740 } } : undefined,
  );
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

test('two accounts befriend each other; one challenges, the other accepts; both sit at one table', async ({
  browser,
}) => {
  const contexts: BrowserContext[] = [];
  const tag = Math.floor(Math.random() * 1e6);
  const [annName, benName] = [`Ann${tag}`, `Ben${tag}`];
  try {
    const ann = await signUp(contexts, browser, annName, 375);
    const ben = await signUp(contexts, browser, benName);

    // Ann (phone) finds Ben by part of his name and asks him.
    await ann.goto(`${origin}/friends`);
    await expect(ann.getByRole('heading', { name: 'Friends', level: 1 })).toBeVisible();
    await ann.getByLabel('Name').fill(`en${tag}`);
    await ann.getByRole('button', { name: 'Search' }).click();
    await ann.getByRole('button', { name: 'Add friend' }).click();
    await expect(ann.getByText(`Friend request sent to ${benName}.`)).toBeVisible();
    await expectAccessible(ann, 'the friends page');

    // Ben accepts on his Friends page.
    await ben.goto(`${origin}/friends`);
    await expect(ben.getByRole('heading', { name: 'Friend requests' })).toBeVisible();
    await ben.getByRole('button', { name: 'Accept' }).click();
    await expect(ben.getByTestId('friends-list')).toContainText(annName);
    // Ann's profile (a player page) says so, and offers a challenge.
    await ben.getByTestId('friends-list').getByRole('link', { name: annName }).click();
    await expect(ben.getByRole('heading', { name: annName })).toBeVisible();
    await expect(ben.getByText('Friend', { exact: true })).toBeVisible();
    await expect(ben.getByRole('button', { name: `Challenge ${annName}` })).toBeVisible();
    await expectAccessible(ben, 'a player page with friend buttons');
    await shootWidths(SHOTS, ben, 'friends-player-page');
    await ben.setViewportSize({ width: 1280, height: 900 });
    await ben.goto(`${origin}/friends`);

    // Ann sees Ben online (his page asks for friends), and challenges him.
    await ann.reload();
    const row = ann.getByTestId('friends-list').getByRole('listitem').filter({ hasText: benName });
    await expect(row.getByText('(online)')).toBeAttached();
    await row.getByRole('button', { name: 'Challenge' }).click();
    await ann.getByLabel('Rules').selectOption('hot-dice');
    await ann.getByRole('button', { name: 'Send challenge' }).click();
    await expect(ann.getByText(`Challenge sent to ${benName}.`)).toBeVisible();
    await expect(ann.getByTestId('challenges')).toContainText('waiting');
    if (SHOTS) await ann.screenshot({ path: `${SHOTS}/friends-phone.png`, fullPage: true });

    // Ben gets the in-app notice in the header and accepts.
    await ben.goto(`${origin}/`);
    await ben.getByTestId('challenge-badge').click();
    await expect(ben.getByTestId('challenges')).toContainText(`${annName} challenges you`);
    await shootWidths(SHOTS, ben, 'friends-challenged');
    await ben.getByRole('button', { name: 'Accept' }).click();
    await ben.waitForURL(/\/t\//);

    // Ann's page, still open, takes her to the table when the challenge is accepted.
    await ann.waitForURL(/\/t\//, { timeout: 15_000 });
    expect(gameIdOf(ann.url())).toBe(gameIdOf(ben.url()));
    for (const p of [ann, ben]) {
      await expect(p.getByTestId('score-0')).toBeVisible();
      await expect(p.getByText(/spectating|watching/i)).toHaveCount(0);
    }
    if (SHOTS) await ann.screenshot({ path: `${SHOTS}/friends-table-phone.png` });
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});

test('a guest is told to make a passkey before using friends', async ({ page }) => {
  await page.goto(`${origin}/friends`);
  await expect(page.getByText(/need an account/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'make a passkey' })).toBeVisible();
});
