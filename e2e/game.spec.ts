import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, forceDice, gameIdOf, shoot } from './helpers.ts';

const ZILCH6 = [2, 3, 4, 6, 2, 3];

/** Presses the number keys of the given dice (1-based) while the page has focus. */
async function choose(page: Page, dice: number[]) {
  // Keys only act on a roll that has arrived.
  await expect(page.getByRole('button', { name: /^Die 1:/ })).toBeEnabled();
  for (const d of dice) await page.keyboard.press(String(d));
}

test('two players and a bot play a whole game: offer, hot dice, zilch, refresh, spectator, review', async ({
  browser,
  request,
}) => {
  // Three browsers and a bot through a whole game: 1.5 min on loaded cores was not enough.
  test.setTimeout(180_000);
  const alice = await (await browser.newContext()).newPage();
  const bob = await (await browser.newContext()).newPage();
  const watcher = await (await browser.newContext()).newPage();

  // Alice sets a table up: default preset, house rules changed (seat 1 starts, target 2,000), a bot.
  await alice.goto('/new');
  await expect(alice.getByRole('heading', { name: 'Create a table' })).toBeVisible();
  await alice.locator('summary', { hasText: 'House rules' }).click();
  await alice.getByLabel('Who starts').selectOption('seat-1');
  await alice.locator('#target').fill('2000');
  await alice.getByLabel('Seat 1 name').fill('Alice');
  await alice.getByLabel('Seat 2 name').fill('Bob');
  await alice.getByRole('button', { name: 'Add a bot' }).click();
  await alice.getByLabel('Seat 3 bot level').selectOption('cautious');
  await expectAccessible(alice, 'create table');
  await shoot(alice, 'create-table');
  await alice.getByRole('button', { name: 'Create the table' }).click();
  await expect(alice.getByRole('heading', { name: 'Your table is ready' })).toBeVisible();
  const invite = await alice.getByTestId('invite-1').inputValue();
  const watch = await alice.getByTestId('spectator-link').inputValue();
  await expectAccessible(alice, 'invites');
  const gameId = gameIdOf(invite);

  // Every roll of the game is forced, in order (each queued roll is used by the next roll of its size).
  await forceDice(request, gameId, [
    [1, 1, 1, 5, 5, 5], // Alice: hot dice
    [5, 2, 2, 3, 4, 4], // Alice: keeps the 5 and banks 1,550 → offer to Bob
    [1, 2, 2, 3, 4], // Bob inherits, rolls 5 dice, keeps the 1
    [2, 3, 4, 6], // Bob: zilch with 4 dice
    ZILCH6, // the bot: zilch
    [1, 1, 1, 1, 2, 3], // Alice after the refresh: four 1s, banks 3,550 → final round
    ZILCH6, // Bob starts fresh in the final round: zilch
    ZILCH6, // the bot's last turn: zilch → game over
  ]);

  await alice.getByRole('button', { name: 'Go to the table' }).click();
  await expect(alice.getByRole('heading', { name: 'Waiting for players' })).toBeVisible();
  // The creator can copy the invite again from the table while the seat is empty.
  await expect(alice.getByTestId('waiting-invite-1')).toHaveValue(invite);
  await expectAccessible(alice, 'waiting table');

  await watcher.goto(watch);
  await bob.goto(invite);
  await expect(bob.getByRole('heading', { name: 'Take your seat' })).toBeVisible();
  await expectAccessible(bob, 'take your seat');
  await bob.getByLabel('Your name').fill('Bob');
  await bob.getByRole('button', { name: 'Join the table' }).click();

  // Turn 1, Alice: six dice, all scoring → hot dice, roll them all again.
  await expect(alice.getByRole('heading', { name: 'Your turn' })).toBeVisible();
  await expect(bob.getByRole('heading', { name: "Alice's turn" })).toBeVisible();
  await alice.getByTestId('roll').click();
  await expect(alice.getByRole('button', { name: 'Die 6: five' })).toBeVisible();
  await choose(alice, [1, 2, 3, 4, 5, 6]);
  await expect(alice.getByRole('button', { name: 'Die 3: one, selected' })).toBeVisible();
  await expect(alice.getByTestId('selection')).toContainText('+1,500');
  await expect(alice.getByTestId('roll')).toHaveText('Hot dice! Roll all 6');
  await shoot(alice, 'table-selection');
  await alice.getByTestId('roll').click();
  await expect(alice.getByTestId('banner')).toContainText('Hot dice!');
  await expect(watcher.getByTestId('banner')).toContainText('Hot dice!');

  // A die that does not score cannot be kept: the buttons say why.
  await choose(alice, [2]);
  await expect(alice.getByTestId('selection')).toContainText('Not a scoring selection');
  await expect(alice.getByTestId('bank')).toBeDisabled();
  await choose(alice, [2, 1]);
  await expect(alice.getByTestId('bank')).toHaveText('Keep & bank 1,550');
  await alice.getByRole('button', { name: 'React thumbs up' }).click();
  await expect(bob.getByTestId('reaction-feed')).toContainText('Alice');
  await alice.getByTestId('bank').click();

  // Turn 2, Bob: the offer, inherited; a 1 kept, then a zilch with the 4 dice left.
  await expect(bob.getByTestId('offer')).toContainText('1,550 points with 5 dice');
  await expect(watcher.getByTestId('offer')).toContainText('Bob is choosing');
  await shoot(bob, 'offer');
  await bob.getByRole('button', { name: /Inherit 1,550 points/ }).click();
  await expect(bob.getByTestId('running-total')).toHaveText('1,550');
  await bob.getByTestId('roll').click();
  await choose(bob, [1]);
  await expect(bob.getByTestId('roll')).toHaveText('Keep & roll 4 dice');
  await bob.getByTestId('roll').click();
  await expect(bob.getByTestId('banner')).toContainText('Zilch!');
  await expect(alice.getByText(/zilch, lost 1,650/)).toBeVisible();

  // The bot zilches too; then Alice refreshes in the middle of the game and everything is back.
  await expect(alice.getByRole('heading', { name: 'Your turn' })).toBeVisible();
  await alice.reload();
  await expect(alice.getByRole('heading', { name: 'Your turn' })).toBeVisible();
  await expect(alice.getByTestId('score-0')).toHaveText('1,550');
  await expect(alice.getByText(/zilch, lost 1,650/)).toBeVisible();

  // The coach: its options, or a plain "unavailable" when the server has no advisor.
  await alice.getByRole('checkbox', { name: /Coach/ }).check();
  await expect(
    alice.locator('.advice li.best').or(alice.getByTestId('coach-unavailable')),
  ).toBeVisible();
  await alice.getByTestId('roll').click();
  await choose(alice, [1, 2, 3, 4]);
  await expect(alice.getByTestId('selection')).toContainText('+2,000');
  await expectAccessible(alice, 'table mid-game');
  await shoot(alice, 'coach');
  await alice.getByRole('checkbox', { name: /Coach/ }).uncheck();
  await alice.getByTestId('bank').click();
  await expect(bob.getByTestId('banner')).toContainText('Final round');

  // Final round: Bob refuses the offer, starts fresh and zilches; the bot zilches; Alice wins.
  await bob.getByRole('button', { name: /Start fresh/ }).click();
  await bob.getByTestId('roll').click();
  // Each reads it about themselves: Alice is "You" on her own page (issue 22), with the margin.
  await expect(alice.getByTestId('game-over')).toContainText(/You win by [\d,]+ points/);
  for (const page of [bob, watcher]) {
    await expect(page.getByTestId('game-over')).toContainText(/Alice wins by [\d,]+ points/);
  }
  await expect(watcher.getByTestId('roll')).toHaveCount(0);
  await expectAccessible(watcher, 'spectator view at the end');

  // Review and fairness.
  await alice.getByRole('link', { name: 'Review the game' }).click();
  await expect(alice.getByRole('heading', { name: /Alice won/ })).toBeVisible();
  await expect(alice.locator('.chart canvas')).toBeVisible({ timeout: 60_000 });
  await expect(alice.getByRole('heading', { name: 'Decisions that cost the most' })).toBeVisible();
  await expectAccessible(alice, 'review');
  await shoot(alice, 'review');
  await alice.getByRole('link', { name: 'Check the dice' }).first().click();
  // This test forced the dice, so the seeds cannot explain the rolls: the check must say so.
  // The server's check and this browser's own recomputation both find the first forced roll.
  await expect(alice.getByTestId('verify-result')).toContainText('Not verified');
  await expect(alice.getByTestId('verify-result')).toContainText('Mismatch');
  await expect(alice.getByTestId('browser-result')).toContainText(
    'Not verified in this browser (DICE_MISMATCH)',
  );
  await expect(alice.getByTestId('browser-result')).toContainText('Mismatch at');
  // The seed itself is the committed one: only the forced dice disagree with it.
  await expect(alice.getByTestId('local-check')).toContainText('matches');
  await expectAccessible(alice, 'fairness');
});
