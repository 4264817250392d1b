// Issue 24, item 6: four people in four browser contexts (Ann on a 375×667 touch phone) make
// passkey accounts, befriend each other (request and accept), Ann challenges Ben and both sit at
// the challenge's table; then Ann creates a Swiss of eight from the lobby (house rules to 500,
// the form's least, so tables end in a few turns), the others join, she starts it and four bots
// fill the seats. Cat follows the app's notice to her game; everyone plays by "roll, then keep
// and bank" (Ann her first table by taps, the rest over the API) until the final table, whose
// points and Buchholz are checked against a computation made here from the finished games.
// WebAuthn needs a host name: localhost.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { legalActions, type Action, type GameState } from '@zilch/engine';
import type { Tournament } from '@zilch/protocol';
import { authenticator, expectAccessible } from './helpers.ts';

const origin = `http://localhost:${process.env.ZILCH_E2E_PORT}`;
const post = { headers: { origin } };

/** A new context whose person makes an account with a passkey and a name; returns the page and id. */
async function signUp(browser: Browser, contexts: BrowserContext[], name: string, phone = false) {
  const context = await browser.newContext(
    phone
      ? { viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true }
      : { viewport: { width: 1280, height: 900 } },
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
  const me = (await (await page.request.get(`${origin}/api/account`)).json()) as {
    user: { id: string };
  };
  return { page, id: me.user.id, name };
}
type Person = Awaited<ReturnType<typeof signUp>>;

/** The tournament as this person's session reads it. */
async function read(page: Page, id: string): Promise<Tournament> {
  const r = await page.request.get(`${origin}/api/account/tournaments/${id}`);
  expect(r.ok()).toBe(true);
  return (await r.json()) as Tournament;
}

/** The simple policy: roll; then keep every die that can be kept and bank (else any keep). */
function policy(state: GameState): Action | null {
  const legal = legalActions(state);
  const size = (a: Action) => (a.type === 'keep' ? a.dice.length : 0);
  const banks = legal.filter((a) => a.type === 'keep' && a.then === 'bank');
  return (
    legal.find((a) => a.type === 'roll') ??
    banks.sort((x, y) => size(y) - size(x))[0] ??
    legal[0] ??
    null
  );
}

/** An action as the API takes it (the seat comes from the token). */
function wire(a: Action): Omit<Action, 'seat'> {
  const { seat: _seat, ...rest } = a as Action & { seat?: number };
  return rest;
}

/** Plays one table through the API by the policy until it is over. */
async function playTable(page: Page, gameId: string, token: string, seat: number) {
  for (let i = 0; i < 3000; i++) {
    const v = (await (
      await page.request.get(`${origin}/api/games/${gameId}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { status: string; seq: number; state: GameState };
    if (v.status === 'over') return;
    const move = v.state.current === seat ? policy(v.state) : null;
    if (move)
      await page.request.post(`${origin}/api/games/${gameId}/actions`, {
        ...post,
        data: { token, clientId: `e2e${v.seq}`, action: wire(move) },
      });
    else await page.waitForTimeout(30);
  }
  throw new Error(`table ${gameId} did not end`);
}

/** The table's state as anyone may read it. */
async function view(page: Page, gameId: string) {
  const r = await page.request.get(`${origin}/api/games/${gameId}`);
  return (await r.json()) as { status: string; seq: number; state: GameState };
}

/**
 * Plays the table open on this page by taps, with the same policy: Roll, then tap the dice to
 * keep and Keep & bank (confirming a bank that cannot win). Waits for each move to land.
 */
async function playByTaps(page: Page, seat: number) {
  const gameId = page.url().split('/t/')[1]!;
  // By the clock, not a count of reads: a bot's turn takes as long as the machine makes it.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const v = await view(page, gameId);
    if (v.status === 'over') break;
    if (v.state.current !== seat) {
      await page.waitForTimeout(50);
      continue;
    }
    const move = policy(v.state);
    if (move?.type === 'roll') {
      await expect(page.getByTestId('roll')).toBeEnabled();
      await page.getByTestId('roll').tap();
    } else if (move?.type === 'keep') {
      for (const d of move.dice)
        await page.getByRole('button', { name: new RegExp(`^Die ${d + 1}:`) }).tap();
      await page.getByTestId('bank').tap();
      const dialog = page.getByRole('dialog', { name: 'Bank and lose?' });
      await expect
        .poll(async () => (await dialog.isVisible()) || (await view(page, gameId)).seq > v.seq, {
          timeout: 30_000,
        })
        .toBe(true);
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Bank anyway' }).tap();
    } else if (move) {
      // Another choice (an offer after hot dice): made with the seat token the page holds.
      const token = await page.evaluate(
        ([g, s]) =>
          (
            JSON.parse(localStorage.getItem('zilch.games') ?? '{}') as Record<
              string,
              { tokens: Record<string, string> }
            >
          )[g]?.tokens[s],
        [gameId, String(seat)] as const,
      );
      await page.request.post(`${origin}/api/games/${gameId}/actions`, {
        ...post,
        data: { token, clientId: `tap${v.seq}`, action: wire(move) },
      });
    }
    await expect
      .poll(async () => (await view(page, gameId)).seq, { timeout: 30_000 })
      .toBeGreaterThan(v.seq);
  }
  await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 20_000 });
}

/** Plays this person's tables as the tournament hands them out, until it is over. */
async function playThrough(page: Page, id: string) {
  for (let i = 0; i < 1500; i++) {
    const t = await read(page, id);
    if (t.status === 'over') return;
    if (t.you?.gameId) {
      const s = await page.request.post(`${origin}/api/account/tournaments/${id}/seat`, post);
      const seat = (await s.json()) as { gameId: string; seat: number; token: string };
      await playTable(page, seat.gameId, seat.token, seat.seat);
    } else await page.waitForTimeout(60);
  }
  throw new Error('the tournament did not end');
}

/** Points (a win or a bye 1, a draw ½) and Buchholz (opponents' points), from the games alone. */
function expected(t: Tournament): Map<string, { points: number; buchholz: number }> {
  const pts = new Map(t.people.map((p) => [p.id, 0]));
  const opp = new Map<string, string[]>(t.people.map((p) => [p.id, []]));
  const add = (who: string, n: number) => pts.set(who, (pts.get(who) ?? 0) + n);
  for (const g of t.games) {
    expect(g.over).toBe(true);
    if (g.b === null) {
      add(g.a, 1);
      continue;
    }
    opp.get(g.a)?.push(g.b);
    opp.get(g.b)?.push(g.a);
    if (g.winner === null) {
      add(g.a, 0.5);
      add(g.b, 0.5);
    } else add(g.winner, 1);
  }
  return new Map(
    [...pts].map(([who, p]) => [
      who,
      { points: p, buchholz: (opp.get(who) ?? []).reduce((s, o) => s + (pts.get(o) ?? 0), 0) },
    ]),
  );
}

test('four people befriend, challenge, and play a Swiss of eight with four bots to the end', async ({
  browser,
}) => {
  // Some 45 s on a quiet machine; the ceiling leaves room for loaded shared cores (as
  // tournaments.spec.ts).
  test.setTimeout(180_000);
  const contexts: BrowserContext[] = [];
  const tag = Math.floor(Math.random() * 1e6);
  const cup = `Four ${tag}`;
  try {
    const people = await Promise.all(
      ['Ann', 'Ben', 'Cat', 'Dan'].map((n, i) => signUp(browser, contexts, `${n}${tag}`, i === 0)),
    );
    const [ann, ben, cat, dan] = people as [Person, Person, Person, Person];

    // Ann (phone, taps) finds Ben by name and asks; Ben accepts on his Friends page.
    await ann.page.goto(`${origin}/friends`);
    await ann.page.getByLabel('Name').fill(ben.name);
    await ann.page.getByRole('button', { name: 'Search' }).tap();
    await ann.page.getByRole('button', { name: 'Add friend' }).tap();
    await expect(ann.page.getByText(`Friend request sent to ${ben.name}.`)).toBeVisible();
    await ben.page.goto(`${origin}/friends`);
    await ben.page.getByRole('button', { name: 'Accept' }).click();
    await expect(ben.page.getByTestId('friends-list')).toContainText(ann.name);
    // Every other pair asks and accepts over the API (the same routes the page calls).
    for (const [i, a] of people.entries())
      for (const b of people.slice(i + 1)) {
        if (a === ann && b === ben) continue;
        const asked = await a.page.request.post(`${origin}/api/account/friends`, {
          ...post,
          data: { to: { userId: b.id } },
        });
        expect(asked.ok(), await asked.text()).toBe(true);
        const ok = await b.page.request.post(`${origin}/api/account/friends/${a.id}/accept`, post);
        expect(ok.ok(), await ok.text()).toBe(true);
      }
    await ann.page.reload();
    const list = ann.page.getByTestId('friends-list');
    for (const p of [ben, cat, dan]) await expect(list).toContainText(p.name);

    // Ann challenges Ben; he accepts from the header's notice; both sit at its table.
    await list
      .getByRole('listitem')
      .filter({ hasText: ben.name })
      .getByRole('button', {
        name: 'Challenge',
      })
      .tap();
    await ann.page.getByRole('button', { name: 'Send challenge' }).tap();
    await expect(ann.page.getByText(`Challenge sent to ${ben.name}.`)).toBeVisible();
    await ben.page.goto(`${origin}/`);
    await ben.page.getByTestId('challenge-badge').click();
    await ben.page.getByRole('button', { name: 'Accept' }).click();
    await ben.page.waitForURL(/\/t\//);
    await ann.page.waitForURL(/\/t\//, { timeout: 15_000 });
    expect(ann.page.url().split('/t/')[1]).toBe(ben.page.url().split('/t/')[1]);
    for (const p of [ann, ben]) await expect(p.page.getByTestId('score-0')).toBeVisible();

    // Ann creates the tournament on her phone: Swiss, eight players, house rules to 500.
    await ann.page.goto(`${origin}/tournaments`);
    await ann.page.getByRole('button', { name: 'Create a tournament' }).tap();
    await ann.page.getByRole('textbox', { name: 'Name' }).fill(cup);
    await ann.page.getByLabel(/Target/).fill('500');
    await ann.page.getByLabel(/Players/).fill('8');
    await ann.page.getByRole('button', { name: 'Create', exact: true }).tap();
    await ann.page.waitForURL(/\/tournaments\/[^/]+$/);
    const id = ann.page.url().split('/').pop()!;
    // Ben joins from the lobby; Cat and Dan over the API.
    await ben.page.goto(`${origin}/tournaments`);
    await ben.page.getByTestId('tournaments-open').getByRole('link', { name: cup }).click();
    await ben.page.getByRole('button', { name: 'Join' }).click();
    await expect(ben.page.getByRole('button', { name: 'Leave' })).toBeVisible();
    for (const p of [cat, dan]) {
      const r = await p.page.request.post(`${origin}/api/account/tournaments/${id}/join`, post);
      expect(r.ok(), await r.text()).toBe(true);
    }
    await expect(ann.page.getByTestId('entrants').getByRole('listitem')).toHaveCount(4);
    await ann.page.getByRole('button', { name: /Start now/ }).tap();
    await expect(ann.page.getByTestId('tournament-state')).toContainText('Round 1 of 3');

    // Cat's app tells her a game is ready; the notice leads to the tournament.
    await cat.page.goto(`${origin}/`);
    await expect(cat.page.getByTestId('tournament-notice')).toContainText(
      `Your round 1 game in ${cup} is ready.`,
    );
    await cat.page.getByTestId('tournament-notice').getByRole('link', { name: 'Go to it' }).click();
    await cat.page.waitForURL(`${origin}/tournaments/${id}`);
    await expect(cat.page.getByRole('button', { name: 'Play your game' })).toBeVisible();

    // Ann opens her first table from the page and plays it by taps; then everyone plays their
    // tables as they come (over the API, by the same policy); the bots play theirs.
    const annFirst = (async () => {
      await ann.page.getByRole('button', { name: 'Play your game' }).tap();
      await ann.page.waitForURL(/\/t\//);
      const mine = (await read(ann.page, id)).games.find((g) => g.a === ann.id || g.b === ann.id)!;
      await playByTaps(ann.page, mine.a === ann.id ? 0 : 1);
      await ann.page.goto(`${origin}/tournaments/${id}`);
      await playThrough(ann.page, id);
    })();
    await Promise.all([annFirst, ...[ben, cat, dan].map((p) => playThrough(p.page, id))]);

    const t = await read(dan.page, id);
    expect(t.status).toBe('over');
    expect(t.people.filter((p) => p.bot)).toHaveLength(4);
    expect(t.games.filter((g) => g.b !== null)).toHaveLength(12);
    const want = expected(t);
    const nameOf = new Map(t.people.map((p) => [p.id, p.name]));
    // Ann's page reaches the final table (by socket if it ended while she looked).
    await expect(ann.page.getByRole('heading', { name: 'Final table' })).toBeVisible({
      timeout: 20_000,
    });
    const rows = ann.page.getByTestId('standings').locator('tbody tr');
    await expect(rows).toHaveCount(8);
    const shown: { name: string; points: number; buchholz: number }[] = [];
    for (let i = 0; i < 8; i++) {
      const row = rows.nth(i);
      // A bot's name carries the BOT mark after it: the name is the text before the mark.
      const marked = (await row.getByTestId('bot-mark').count()) === 1;
      const cell = (await row.locator('th').textContent()) ?? '';
      shown.push({
        name: marked ? cell.replace(/BOT$/, '') : cell,
        points: Number(await row.getByTestId('points').textContent()),
        buchholz: Number(await row.getByTestId('buchholz').textContent()),
      });
    }
    // Every line as computed here, every person and bot once, best first.
    expect(new Set(shown.map((s) => s.name))).toEqual(new Set(nameOf.values()));
    // The four fillers, and only they, are marked as bots.
    for (let i = 0; i < 8; i++) {
      const bot = t.people.find((p) => p.name === shown[i]!.name)!.bot;
      await expect(rows.nth(i).getByTestId('bot-mark')).toHaveCount(bot ? 1 : 0);
    }
    for (const s of shown) {
      const who = t.people.find((p) => p.name === s.name)!;
      expect({ points: s.points, buchholz: s.buchholz }, s.name).toEqual(want.get(who.id));
    }
    for (let i = 1; i < shown.length; i++) {
      const [a, b] = [shown[i - 1]!, shown[i]!];
      expect(a.points > b.points || (a.points === b.points && a.buchholz >= b.buchholz)).toBe(true);
    }
    const overflow = await ann.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(ann.page, 'a finished Swiss of eight at 375 px');
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
