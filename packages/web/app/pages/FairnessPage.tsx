import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { getExport, getGame, getLog, verifyGame } from '../lib/api.ts';
import type { GameExport, GameView, LogAnswer, Verification } from '@zilch/protocol';

async function sha256Hex(bytes: BufferSource): Promise<string> {
  const d = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, '0')).join('');
}

function hexBytes(hex: string): Uint8Array | null {
  if (!/^([0-9a-f]{2})+$/i.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
}

/** Checks the published commitment against the revealed seed in this browser (as text or as hex bytes). */
async function commitmentMatches(seed: string, commitment: string): Promise<boolean | null> {
  if (typeof crypto === 'undefined' || !crypto.subtle) return null;
  const want = commitment.toLowerCase();
  if ((await sha256Hex(new TextEncoder().encode(seed))) === want) return true;
  const raw = hexBytes(seed);
  return raw ? (await sha256Hex(raw as Uint8Array<ArrayBuffer>)) === want : false;
}

/** The fairness check of a game: seed, commitment, and every roll verified by the server. */
export default function FairnessPage({ id }: { id: string }) {
  const [view, setView] = useState<GameView | null>(null);
  const [exp, setExp] = useState<GameExport | null>(null);
  const [ver, setVer] = useState<Verification | null>(null);
  const [log, setLog] = useState<LogAnswer | null>(null);
  const [local, setLocal] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void (async () => {
      const g = await getGame(id);
      if (!g.ok) return setError(g.error.message);
      setView(g.value);
      const [e, v, l] = await Promise.all([getExport(id), verifyGame(id), getLog(id)]);
      if (e.ok) {
        setExp(e.value);
        const seed = e.value.serverSeed ?? g.value.seed;
        if (seed) setLocal(await commitmentMatches(seed, e.value.commitment ?? g.value.commitment));
      }
      if (v.ok) setVer(v.value);
      else setError(v.error.message);
      if (l.ok) setLog(l.value);
    })();
  }, [id]);
  const seed = exp?.serverSeed ?? view?.seed ?? null;
  // The stream's order: the rolls that chose the first player, then each action's dice.
  const setup = log?.log.setupDice ?? [];
  const rolls = [
    ...setup.map((d) => ({ dice: d, setup: true })),
    ...(log?.log.entries ?? []).flatMap((e) => e.dice.map((d) => ({ dice: d, setup: false }))),
  ];
  return (
    <div className="page narrow fairness">
      <h1>Fairness check</h1>
      <p>
        Before the first roll the server published the SHA-256 hash (commitment) of a secret seed.
        Every roll comes from that seed mixed with the players' seeds. Once the game is over the
        seed is revealed, so anyone can recompute every roll — here, or with{' '}
        <code>zilch verify</code>.
      </p>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {view && (
        <section className="card" aria-labelledby="commit-h">
          <h2 id="commit-h">Commitment and seed</h2>
          <dl className="facts">
            <dt>Commitment (SHA-256 of the seed)</dt>
            <dd>
              <code className="hash" data-testid="commitment">
                {exp?.commitment ?? view.commitment}
              </code>
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
            {exp?.playerSeeds && exp.playerSeeds.length > 0 && (
              <>
                <dt>Player seeds</dt>
                <dd>
                  <code className="hash">{exp.playerSeeds.join(' : ')}</code>
                </dd>
              </>
            )}
            {seed && local !== null && (
              <>
                <dt>Checked in this browser</dt>
                <dd data-testid="local-check">
                  {local
                    ? '✓ The seed matches the commitment.'
                    : '✗ The seed does not match the commitment.'}
                </dd>
              </>
            )}
          </dl>
        </section>
      )}
      {ver && (
        <section className="card" aria-labelledby="ver-h">
          <h2 id="ver-h">Rolls</h2>
          <p data-testid="verify-result" className={ver.ok ? 'good' : 'error'}>
            {ver.ok ? '✓ Verified' : '✗ Not verified'}: {ver.rollsChecked} rolls checked.{' '}
            {ver.message}
          </p>
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
