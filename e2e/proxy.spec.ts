// The deployment of docs/operations.md, for real: nginx from Debian's packages terminating TLS
// (a certificate made here) in front of two server processes on PostgreSQL + Redis, running
// deploy/nginx/zilch.conf itself. Two browsers play a whole game through it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  freePort,
  postgresUrl,
  redisUrl,
  startCluster,
  tempDir,
  until,
  type Cluster,
} from '@zilch/testkit';

const root = resolve(import.meta.dirname, '..');
const NGINX = '/usr/sbin/nginx';

let cluster: Cluster | null = null;
let nginx: ChildProcess | null = null;
let base = '';
let plain = '';
const tmp = tempDir('zilch-proxy-');

if (!existsSync(NGINX) && process.env.ZILCH_REQUIRE_SERVICES === '1')
  throw new Error(`${NGINX} is missing (apt-get install -y nginx-light)`);
test.skip(!existsSync(NGINX), 'nginx is not installed (apt-get install -y nginx-light)');

test.beforeAll(async () => {
  const pg = await postgresUrl();
  const redis = await redisUrl();
  if (!pg || !redis) throw new Error('the proxy test needs PostgreSQL and Redis');
  cluster = await startCluster({
    store: 'postgres',
    processes: 2,
    databaseUrl: pg,
    redisUrl: redis,
    spawn: { compiled: true },
    env: {
      ZILCH_WEB_DIR: join(root, 'packages/web/dist'),
      ZILCH_TEST_DICE: '1',
      ZILCH_TRUST_PROXY: '127.0.0.1',
    },
  });
  const [a, b] = cluster.servers;
  const dir = tmp.dir;
  mkdirSync(join(dir, 'logs'), { recursive: true });
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const https = await freePort();
  const http = await freePort();
  plain = `http://127.0.0.1:${http}`;
  const site = readFileSync(join(root, 'deploy/nginx/zilch.conf'), 'utf8')
    .replaceAll('@PORT_A@', String(a?.port))
    .replaceAll('@PORT_B@', String(b?.port))
    .replaceAll('@HTTP_PORT@', String(http))
    .replaceAll('@HTTPS_PORT@', String(https))
    .replaceAll('@SERVER_NAME@', '127.0.0.1')
    .replaceAll('@CERT@', join(dir, 'cert.pem'))
    .replaceAll('@KEY@', join(dir, 'key.pem'));
  // The site file is included as Debian's nginx.conf does; the rest makes nginx run unprivileged
  // out of the temporary directory.
  writeFileSync(join(dir, 'site.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'logs/error.log')} warn;
events { worker_connections 1024; }
http {
  access_log ${join(dir, 'logs/access.log')};
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include /etc/nginx/mime.types;
  include ${join(dir, 'site.conf')};
}
`,
  );
  execFileSync(NGINX, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'pipe' });
  nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  base = `https://127.0.0.1:${https}`;
  // Ready when nginx answers over TLS, trusting the certificate made above, with a process behind it.
  const ca = readFileSync(join(dir, 'cert.pem'));
  await until(
    () =>
      new Promise<boolean>((done) => {
        const req = httpsGet(`${base}/readyz`, { ca }, (res) => {
          res.resume();
          done(res.statusCode === 200);
        });
        req.on('error', () => done(false));
      }),
    20_000,
  );
});

test.afterAll(async () => {
  nginx?.kill('SIGTERM');
  await cluster?.close();
  if (!process.env.ZILCH_KEEP_TMP) tmp.cleanup();
});

test.use({ ignoreHTTPSErrors: true });

test('plain HTTP is sent to HTTPS on the configured port, path and query kept', async () => {
  const location = await new Promise<string | undefined>((done, fail) => {
    httpGet(`${plain}/t/abc?x=1`, (res) => {
      res.resume();
      expect(res.statusCode).toBe(301);
      done(res.headers.location);
    }).on('error', fail);
  });
  expect(location).toBe(`${base}/t/abc?x=1`);
});

/** Presses the number keys of the given dice once the roll has arrived. */
async function choose(page: Page, dice: number[]): Promise<void> {
  await expect(page.getByRole('button', { name: /^Die 1:/ })).toBeEnabled();
  for (const d of dice) await page.keyboard.press(String(d));
}

test('two browsers play a whole game over TLS through nginx in front of two processes', async ({
  browser,
}) => {
  const alice = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
  const bob = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
  await alice.goto(`${base}/new`);
  await expect(alice.getByRole('heading', { name: 'Create a table' })).toBeVisible();
  // Alice starts: the field that picks who starts is among the house rules, folded away.
  await alice.locator('summary', { hasText: 'House rules' }).click();
  await alice.getByLabel('Who starts').selectOption({ label: 'Seat 1' });
  await alice.locator('#target').fill('2000');
  // The first bank at the target wins: the game is decided by one forced roll (below).
  await alice.locator('#rule-end').selectOption('immediate');
  await alice.getByLabel('Seat 1 name').fill('Alice');
  await alice.getByLabel('Seat 2 name').fill('Bob');
  await alice.getByRole('button', { name: 'Create the table' }).click();
  const invite = await alice.getByTestId('invite-1').inputValue();
  expect(invite.startsWith(base)).toBe(true);
  const gameId = /\/t\/([^/?#]+)/.exec(invite)?.[1] as string;
  // Test dice wait in the memory of the process that is told them, and either process may roll:
  // both are told, each on its own port (the one that does not roll never uses them).
  for (const s of cluster?.servers ?? []) {
    const forced = await alice.request.post(`${s.url}/api/test/games/${gameId}/dice`, {
      data: { rolls: [[1, 1, 1, 1, 2, 3]] },
    });
    expect(forced.ok(), await forced.text()).toBe(true);
  }

  await alice.getByRole('button', { name: 'Go to the table' }).click();
  await bob.goto(invite);
  await bob.getByLabel('Your name').fill('Bob');
  await bob.getByRole('button', { name: 'Join the table' }).click();

  // Both pages are live over the WebSockets nginx upgraded, whichever process each reached.
  await expect(alice.getByRole('heading', { name: 'Your turn' })).toBeVisible();
  await bob.getByRole('button', { name: 'React thumbs up' }).click();
  await expect(alice.getByTestId('reaction-feed')).toContainText('Bob');
  // Alice: four 1s, 2,000, banked: the target is reached and she wins.
  await alice.getByTestId('roll').click();
  await choose(alice, [1, 2, 3, 4]);
  await expect(alice.getByTestId('selection')).toContainText('+2,000');
  await alice.getByTestId('bank').click();
  await expect(alice.getByTestId('game-over')).toContainText('You win');
  await expect(bob.getByTestId('game-over')).toContainText('Alice wins');

  const over = await alice.request.get(`${base}/api/games/${gameId}`);
  expect(((await over.json()) as { status: string }).status).toBe('over');

  // The access log shows the WebSocket upgrades that carried the play. nginx logs a request
  // when it ends, and an upgraded one ends when its socket closes: the pages are closed first.
  await alice.context().close();
  await bob.context().close();
  const upgrade = /GET \/socket\.io\/\?[^"]*transport=websocket[^"]*" 101/;
  const accessLog = () => readFileSync(join(tmp.dir, 'logs/access.log'), 'utf8');
  await until(() => upgrade.test(accessLog()), 10_000).catch(() => undefined);
  expect(accessLog()).toMatch(upgrade);
});
