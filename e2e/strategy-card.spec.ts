import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './helpers.ts';

/** Opens a preset's rules page and waits for its strategy card. */
async function openCard(page: Page, preset: string) {
  await page.goto(`/rules/${preset}`);
  const card = page.getByRole('region', { name: 'Strategy card' });
  await expect(card.getByRole('listitem').first()).toBeVisible();
  return card;
}

test('the rules page shows the strategy card with its measured win rate (desktop)', async ({
  page,
}) => {
  const card = await openCard(page, 'serendipity-creak');
  // The short card first: a few lines, its count of numbers; the detailed card folded under it.
  const lines = card.getByRole('list', { name: 'The short card' }).getByRole('listitem');
  expect(await lines.count()).toBeGreaterThanOrEqual(4);
  expect(await lines.count()).toBeLessThanOrEqual(8);
  await expect(card).toContainText(/\d+ numbers to remember/);
  await expect(card).toContainText(/Bank once your turn total reaches/);
  for (const folded of await card.getByText(/by dice left and the score/).all())
    await expect(folded).toBeHidden();
  await card.getByText('The detailed card (every table)').click();
  await expect(card).toContainText(/by dice left and the score:Before anyone has 8,000/);
  await expect(card).toContainText(/wins \d+\.\d% \(95% interval/);
  // The banded lines show their numbers as tables: a row per dice count, a column per band.
  const bank = card.getByRole('table').filter({ hasText: 'Before anyone has 8,000' }).first();
  await expect(bank.getByRole('columnheader', { name: 'ahead > 1,000' })).toBeVisible();
  await expect(bank.getByRole('row', { name: /^1 300 / })).toBeVisible();
  await expectAccessible(page, 'rules with the strategy card');
  // A rule set without a tuned card (Ten Dice: the turn solve runs in a strategy thread).
  const ten = await openCard(page, 'ten-dice');
  await expect(ten).toContainText(/10 dice/);
});

test('375 px wide: the strategy card fits the phone and passes axe', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
  const page = await ctx.newPage();
  const card = await openCard(page, 'farkle-2017');
  await expect(card).toContainText(/Bank as soon as your score would reach 10,000/);
  // The short card is whole on one phone screen.
  const short = card.getByRole('list', { name: 'The short card' });
  expect((await short.boundingBox())?.height ?? Infinity).toBeLessThan(812);
  const overflow = await page.evaluate('document.documentElement.scrollWidth > window.innerWidth');
  expect(overflow).toBe(false);
  // Serendipity Creak's grids are folded under their captions on a phone (issue 22: the card was
  // 5,654 px of tables), one tap opens each; opened, none of them scrolls sideways.
  const sc = await openCard(page, 'serendipity-creak');
  await expect(sc.getByRole('table').first()).toBeHidden();
  await sc.getByText('The detailed card (every table)').tap();
  const folded = (await sc.boundingBox())?.height ?? 0;
  expect(folded).toBeLessThan(2000);
  for (const summary of await sc.locator('.card-grid-box > summary').all()) await summary.tap();
  await expect(sc.getByRole('table').first()).toBeVisible();
  const scrolls = await page.evaluate(
    "[...document.querySelectorAll('.card-grid')].filter((t) => t.parentElement.scrollWidth > t.parentElement.clientWidth).length",
  );
  expect(scrolls).toBe(0);
  expect(await page.evaluate('document.documentElement.scrollWidth > window.innerWidth')).toBe(
    false,
  );
  await expectAccessible(page, 'strategy card at 375 px');
  await ctx.close();
});
