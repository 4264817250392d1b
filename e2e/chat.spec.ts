import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectAccessible, holdToken, shoot } from './helpers.ts';

/** A started two-player table (both seats claimed), each seat's token. */
async function twoSeats(request: APIRequestContext) {
  const created = await request.post('/api/games', {
    data: { rules: 'classic', seats: [{ kind: 'human' }, { kind: 'human' }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const c = (await created.json()) as { gameId: string; seats: { token: string }[] };
  const names = ['Alice', 'Bob'];
  for (const [seat, name] of names.entries()) {
    const r = await request.post(`/api/games/${c.gameId}/claim`, {
      data: { token: c.seats[seat]?.token, name },
    });
    expect(r.ok(), await r.text()).toBe(true);
  }
  return { gameId: c.gameId, tokens: c.seats.map((s) => s.token) };
}

/** A page of its own browser context holding one seat of the table, opened at `width` px. */
async function seatPage(
  browser: Browser,
  gameId: string,
  seat: number,
  token: string,
  width: number,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  // Phone widths get a touch screen, so taps are real taps.
  const page = await (
    await browser.newContext({
      viewport: { width, height: 800 },
      hasTouch: width < 600,
      colorScheme,
    })
  ).newPage();
  await holdToken(page, gameId, seat, token);
  await page.goto(`/t/${gameId}`);
  await expect(page.locator('.conn.on')).toBeVisible();
  return page;
}

/** Where the dice tray and the action buttons are on the page (they must never move for the chat). */
async function feltBoxes(page: Page): Promise<string[]> {
  return page.evaluate(`['.tray', '.controls']
    .map((sel) => document.querySelector(sel)?.getBoundingClientRect())
    .map((b) => b ? [b.x + scrollX, b.y + scrollY, b.width, b.height].map(Math.round).join(',') : 'none')`);
}

test('two seats chat on desktop, with the length and rate limits shown to the player', async ({
  browser,
  request,
}) => {
  const t = await twoSeats(request);
  const alice = await seatPage(browser, t.gameId, 0, t.tokens[0] as string, 1280);
  const bob = await seatPage(browser, t.gameId, 1, t.tokens[1] as string, 1280);

  // The chat is a tab beside the turn log; the keyboard reaches it with the arrow keys.
  await alice.getByRole('tab', { name: 'Turn log' }).focus();
  await alice.keyboard.press('ArrowRight');
  await expect(alice.getByRole('tab', { name: /^Chat/ })).toHaveAttribute('aria-selected', 'true');
  const box = alice.getByRole('textbox', { name: 'Message' });
  const felt = await feltBoxes(alice);
  await box.fill('Hello Bob, good luck!');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(alice.getByTestId('chat-list')).toContainText('Hello Bob, good luck!');

  // Bob sees the count of unread messages on his Chat tab, then the message itself.
  await expect(bob.getByRole('tab', { name: /Chat/ }).getByTestId('chat-unread')).toHaveText('1');
  await bob.getByRole('tab', { name: /Chat/ }).click();
  await expect(bob.getByTestId('chat-list')).toContainText(/Alice\s+Hello Bob, good luck!/);
  await expect(bob.getByTestId('chat-unread')).toHaveText('');
  // Markup is shown as the text it is.
  await bob.getByRole('textbox', { name: 'Message' }).fill('<b>thanks</b> & you');
  await bob.getByRole('button', { name: 'Send' }).click();
  await expect(alice.getByTestId('chat-list')).toContainText(/Bob\s+<b>thanks<\/b> & you/);
  await expect(alice.locator('.chat-list b')).toHaveCount(0);
  expect(await feltBoxes(alice)).toEqual(felt);
  await expectAccessible(alice, 'table chat (desktop)');
  await shoot(alice, 'table-chat');

  // Length: the counter says how far over the limit the draft is, and Send waits.
  await box.fill('x'.repeat(281));
  await expect(alice.getByText('281/280 — too long by 1')).toBeVisible();
  await expect(alice.getByRole('button', { name: 'Send' })).toBeDisabled();
  await box.fill('x'.repeat(280));
  await expect(alice.getByText('280/280', { exact: true })).toBeVisible();
  await expect(alice.getByRole('button', { name: 'Send' })).toBeEnabled();

  // Rate: a burst of messages, then the server's sentence says how long to wait.
  const alert = alice.getByRole('alert').filter({ hasText: 'too quickly' });
  for (let i = 0; i < 8 && !(await alert.isVisible()); i++) {
    await box.fill(`message ${i}`);
    await box.press('Enter');
    // Either the box empties (sent) or the refusal shows.
    await expect
      .poll(async () => (await box.inputValue()) === '' || (await alert.isVisible()))
      .toBe(true);
  }
  await expect(alert).toHaveText(/You are sending messages too quickly; wait \d+ s\./);
  // The refused draft stays in the box to send later.
  await expect(box).not.toHaveValue('');

  // Reporting a message says so in place.
  await alice.getByRole('button', { name: 'Report Bob’s message' }).click();
  await expect(alice.getByTestId('chat-list').getByText('Reported')).toBeVisible();
});

test('on a phone the chat is a drawer with an unread count, and the dice do not move', async ({
  browser,
  request,
}) => {
  const t = await twoSeats(request);
  const alice = await seatPage(browser, t.gameId, 0, t.tokens[0] as string, 1280);
  // The phone is in dark mode: the drawer and the unread count are checked in that theme.
  const bob = await seatPage(browser, t.gameId, 1, t.tokens[1] as string, 375, 'dark');
  const opener = bob.getByRole('button', { name: /^Chat/ });
  await expect(opener).toHaveAccessibleName('Chat');
  const felt = await feltBoxes(bob);

  await alice.getByRole('tab', { name: /Chat/ }).click();
  const box = alice.getByRole('textbox', { name: 'Message' });
  for (const text of ['Ready?', 'Your roll']) {
    await box.fill(text);
    await box.press('Enter');
    await expect(box).toHaveValue('');
  }
  await expect(opener).toHaveAccessibleName('Chat, 2 unread');
  await expect(bob.getByTestId('chat-unread')).toHaveText('2');
  expect(await feltBoxes(bob)).toEqual(felt);
  await expectAccessible(bob, 'unread count on the chat button (375 px, dark)');

  // Keyboard: the button opens a modal drawer with the box focused; Escape closes it.
  await opener.focus();
  await bob.keyboard.press('Enter');
  const drawer = bob.getByRole('dialog', { name: 'Chat' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('chat-list')).toContainText(/Alice\s+Ready\?/);
  await expect(drawer.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await bob.keyboard.type('On my way');
  await bob.keyboard.press('Enter');
  await expect(alice.getByTestId('chat-list')).toContainText(/Bob\s+On my way/);
  await expectAccessible(bob, 'chat drawer (375 px)');
  await shoot(bob, 'table-chat-phone');
  await bob.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(opener).toHaveAccessibleName('Chat');
  await expect(opener).toBeFocused();
  await shoot(bob, 'table-chat-phone-button');
  expect(await feltBoxes(bob)).toEqual(felt);
  await expectAccessible(bob, 'table with the chat button (375 px)');

  // Touch: a tap opens it too, and history survives a refresh.
  await bob.reload();
  await expect(bob.locator('.conn.on')).toBeVisible();
  await bob.getByRole('button', { name: /^Chat/ }).tap();
  await expect(bob.getByRole('dialog', { name: 'Chat' }).getByTestId('chat-list')).toContainText(
    /Bob\s+On my way/,
  );
});
