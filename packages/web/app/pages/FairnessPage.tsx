import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { checkExport, type VerifyReason } from '@zilch/protocol';
import { getExport, getGame, getLog, verifyGame } from '../lib/api.ts';
import { keptCommitment, sentSeeds, webFairCrypto } from '../lib/fairness.ts';
import type { GameExport, GameView, LogAnswer, Verification } from '@zilch/protocol';
import { plural } from '../lib/words.ts';

/** Failures that come before the dice: the seed, rules or game do not match the commitment. */
const COMMITMENT_FAILURES: readonly VerifyReason[] = [
  'NOT_AN_EXPORT',
  'WRONG_COMMITMENT',
  'COMMITMENT_MISMATCH',
  'SEED_MISMATCH',
  'RULES_CHANGED',
];

/** Saves the export as a JSON file, for `zilch verify`. */
function download(x: GameExport): void {
  const blob = new Blob([`${JSON.stringify(x, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `zilch-${x.id}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The fairness check of a game: commitment, seeds, the export, and every roll checked here and by the server. */
export default function FairnessPage({ id }: { id: string }) {
  const [view, setView] = useState<GameView | null>(null);
  const [exp, setExp] = useState<GameExport | null>(null);
  const [ver, setVer] = useState<Verification | null>(null);
  const [log, setLog] = useState<LogAnswer | null>(null);
  const [local, setLocal] = useState<Verification | 'unavailable' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const kept = keptCommitment(id);
  useEffect(() => {
    void (async () => {
      const g = await getGame(id);
      if (!g.ok) return setError(g.error.message);
      setView(g.value);
      const expected = kept ?? g.value.commitment;
      const [e, l] = await Promise.all([getExport(id), getLog(id)]);
      if (l.ok) setLog(l.value);
      if (!e.ok) return setError(e.error.message);
      setExp(e.value);
      if (g.value.status !== 'over') return;
      const v = await verifyGame(id, expected);
      if (v.ok) setVer(v.value);
      else setError(v.error.message);
      const c = webFairCrypto();
      setLocal(c ? await checkExport(c, e.value, expected) : 'unavailable');
    })();
  }, [id, kept]);
  const over = view?.status === 'over';
  const seed = exp?.serverSeed ?? view?.seed ?? null;
  const expected = kept ?? view?.commitment ?? '';
  const mine = sentSeeds(id);
  // The stream's order: the rolls that chose the first player, then each action's dice.
  const setup = log?.log.setupDice ?? [];
  const rolls = [
    ...setup.map((d) => ({ dice: d, setup: true })),
    ...(log?.log.entries ?? []).flatMap((e) => e.dice.map((d) => ({ dice: d, setup: false }))),
  ];
  const localResult = local && local !== 'unavailable' ? local : null;
  const seedMatches =
    localResult && !COMMITMENT_FAILURES.includes(localResult.reason as VerifyReason);
  return (
    <div className="page narrow fairness">
      <h1>Fairness check</h1>
      <p>
        Before the first roll the server published a commitment: the SHA-256 hash of a secret server
        seed together with the game's id, rules and seats. A player who takes a seat in this web app
        also sends a random seed of its own device (seats nobody sent a seed for get one the
        commitment already fixed). Every roll comes from the server seed mixed with those seeds.
        Once the game is over the server seed is revealed, so anyone can recompute every roll and
        replay the game to its result — below, in this browser, or with <code>zilch verify</code> on
        the exported file.
      </p>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {view && (
        <section className="card" aria-labelledby="commit-h">
          <h2 id="commit-h">Commitment and seeds</h2>
          <dl className="facts">
            <dt>Commitment</dt>
            <dd>
              <code className="hash" data-testid="commitment">
                {exp?.commitment ?? view.commitment}
              </code>
              <br />
              <span className="muted">
                {kept
                  ? kept === (exp?.commitment ?? view.commitment)
                    ? 'The same commitment this device received when it took its seat, before the first roll.'
                    : `This device received ${kept} when it took its seat: the game now shows another one.`
                  : 'This device did not take a seat here: compare it with the commitment the players saw at the table.'}
              </span>
            </dd>
            <dt>Server seed</dt>
            <dd>
              {seed ? (
                <code className="hash" data-testid="seed">
                  {seed}
                </code>
              ) : (
                'Revealed when the game is over.'
              )}
            </dd>
            {exp && exp.playerSeeds.length > 0 && (
              <>
                <dt>Player seeds</dt>
                <dd>
                  <ol className="seeds" start={1}>
                    {exp.playerSeeds.map((s, i) => (
                      <li key={i}>
                        <code className="hash">{s}</code>{' '}
                        <span className="muted" data-testid={`seed-source-${i}`}>
                          {mine.includes(s)
                            ? '— sent by this device'
                            : localResult?.seedSources?.[i] === 'server'
                              ? '— made by the server from its seed (no seed was sent)'
                              : localResult?.seedSources?.[i] === 'player'
                                ? "— sent by the seat's player"
                                : ''}
                        </span>
                      </li>
                    ))}
                  </ol>
                </dd>
              </>
            )}
            {over && local !== null && (
              <>
                <dt>Checked in this browser</dt>
                <dd data-testid="local-check">
                  {local === 'unavailable'
                    ? 'This browser cannot hash here (the page is not served over HTTPS); use the export below.'
                    : seedMatches
                      ? '✓ The revealed seed matches the commitment, and so do the rules and seats.'
                      : `✗ ${localResult?.message}`}
                </dd>
              </>
            )}
          </dl>
          {exp && (
            <p className="row">
              <button
                type="button"
                className="btn"
                data-testid="download-export"
                onClick={() => download(exp)}
              >
                Download export
              </button>
              <span className="muted">
                Then:{' '}
                <code>
                  zilch verify zilch-{id}.json --commitment {expected}
                </code>
              </span>
            </p>
          )}
        </section>
      )}
      {view && !over && (
        <section className="card" aria-labelledby="ver-h">
          <h2 id="ver-h">Rolls</h2>
          <p data-testid="verify-result" className="muted">
            Verifiable when the game ends: the server seed is revealed then.
          </p>
        </section>
      )}
      {over && (ver || localResult) && (
        <section className="card" aria-labelledby="ver-h">
          <h2 id="ver-h">Rolls and result</h2>
          {localResult && (
            <p data-testid="browser-result" className={localResult.ok ? 'good' : 'error'}>
              {localResult.ok
                ? `✓ This browser recomputed all ${plural(localResult.rollsChecked, 'roll', 'rolls')} from the seeds and replayed the game to its result`
                : `✗ Not verified in this browser (${localResult.reason}): ${localResult.message}`}
              {' — against '}
              {kept
                ? 'the commitment this device received when it took its seat.'
                : 'the commitment the server shows for this game.'}
            </p>
          )}
          {ver && (
            <p data-testid="verify-result" className={ver.ok ? 'good' : 'error'}>
              {ver.ok
                ? `✓ Verified by the server: ${plural(ver.rollsChecked, 'roll', 'rolls')} and the final result.`
                : `✗ Not verified by the server (${ver.reason ?? 'unknown'}): ${ver.message}`}
            </p>
          )}
          {rolls.length > 0 && (
            <details>
              <summary>Every roll ({rolls.length})</summary>
              <ol className="rolls">
                {rolls.map((r, i) => (
                  <li key={i}>
                    {r.dice.join(' ')}
                    {r.setup && <span className="muted"> (first player)</span>}
                  </li>
                ))}
              </ol>
            </details>
          )}
        </section>
      )}
      <p>
        <Link href={`/t/${id}`}>Back to the table</Link>
      </p>
    </div>
  );
}
