// Accounts without passwords (issue 12): a guest plays, makes a passkey in Chromium's virtual
// authenticator, signs in from a second browser context and finds the game there. WebAuthn needs
// a host name for its RP ID (not an IP address), so these pages are opened on localhost.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { authenticator, expectAccessible, shootWidths } from './helpers.ts';

const origin = `http://localhost:${process.env.ZILCH_E2E_PORT}`;
/** Where the screenshots of the new pages go (looked at by hand, not committed). */
const SHOTS = process.env.ZILCH_ACCOUNT_SHOTS;

/** Fails the test on any Content Security Policy report in the page's console. */
function watchCsp(page: Page): string[] {
  const reports: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) reports.push(m.text());
  });
  return reports;
}

const shot = (page: Page, name: string) => shootWidths(SHOTS, page, name);

test('a guest makes a passkey, signs in from another browser and finds the game there', async ({
  browser,
}) => {
  const contexts: BrowserContext[] = [];
  try {
    // Device one: play first, with no account.
    const one = await browser.newContext();
    contexts.push(one);
    const phone = await one.newPage();
    const csp = watchCsp(phone);
    const key = await authenticator(phone);
    await phone.goto(`${origin}/`);
    await expect(phone.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await phone.getByRole('button', { name: 'Play a bot now' }).click();
    await phone.waitForURL(/\/t\/[^/]+$/);
    const gameId = /\/t\/([^/?#]+)/.exec(phone.url())?.[1] as string;

    // The seat made a guest silently: the header shows its avatar, the profile says so.
    await phone.getByRole('link', { name: /^Profile: / }).click();
    await expect(phone.getByRole('heading', { name: 'Your profile' })).toBeVisible();
    await expect(phone.getByText('Guest on this device')).toBeVisible();
    await expectAccessible(phone, 'the profile of a guest');
    await shot(phone, 'profile-guest');

    await phone.getByRole('button', { name: 'Create a passkey' }).click();
    const codes = phone.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(codes.first()).toHaveText(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    await expectAccessible(phone, 'the recovery codes');
    await shot(phone, 'profile-codes');
    await phone.getByRole('button', { name: 'I have saved them' }).click();
    await expect(phone.getByTestId('recovery-codes')).toHaveCount(0);
    await expect(phone.getByText('Account · 1 passkey')).toBeVisible();
    await expect(phone.getByTestId('account-games').getByRole('link')).toHaveCount(1);
    await expectAccessible(phone, 'the profile of an account');
    await phone.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(phone, 'the profile of an account, dark');
    await shot(phone, 'profile-account-dark');
    await phone.emulateMedia({ colorScheme: 'light' });
    await shot(phone, 'profile-account');

    // The passkey syncs to the second device (as a passkey provider would).
    const { credentials } = await key.cdp.send('WebAuthn.getCredentials', {
      authenticatorId: key.id,
    });
    expect(credentials).toHaveLength(1);

    // Device two: another browser context, no cookie, no local games.
    const two = await browser.newContext();
    contexts.push(two);
    const laptop = await two.newPage();
    const csp2 = watchCsp(laptop);
    const other = await authenticator(laptop);
    await other.cdp.send('WebAuthn.addCredential', {
      authenticatorId: other.id,
      credential: credentials[0]!,
    });
    await laptop.goto(`${origin}/signin`);
    await expectAccessible(laptop, 'the sign-in page');
    await shot(laptop, 'signin');
    // Keyboard only from the page's heading: the next stop is the passkey button.
    await laptop.getByRole('heading', { name: 'Sign in', level: 1 }).click();
    await laptop.keyboard.press('Tab');
    await expect(laptop.getByRole('button', { name: 'Sign in with a passkey' })).toBeFocused();
    await laptop.keyboard.press('Enter');
    await laptop.waitForURL(`${origin}/me`);
    await expect(laptop.getByText('Account · 1 passkey')).toBeVisible();
    await expect(laptop.getByTestId('account-games').getByRole('link')).toHaveCount(1);

    // The game is in "My games" here too, and opens as the player's seat.
    await laptop.goto(`${origin}/`);
    const mine = laptop.getByRole('region', { name: 'My games' }).getByRole('link');
    await expect(mine).toHaveCount(1);
    await mine.click();
    await laptop.waitForURL(`${origin}/t/${gameId}`);
    await expect(laptop.getByRole('heading', { name: 'Take your seat' })).toHaveCount(0);
    // The scoreboard marks the seat this device holds.
    await expect(laptop.locator('.tag', { hasText: /^you$/ })).toHaveCount(1);

    expect([...csp, ...csp2]).toEqual([]);
  } finally {
    for (const c of contexts) await c.close();
  }
});
