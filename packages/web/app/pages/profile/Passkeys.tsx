import { type Passkey, type User } from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import {
  listPasskeys,
  newRecoveryCodes,
  registerPasskey,
  removePasskey,
} from '../../lib/account.ts';
import { Alert, day } from './common.tsx';

/** A button that makes a passkey on this device (and hands new recovery codes up). */
export function MakePasskey({
  label,
  onCodes,
  onMade,
  primary = true,
}: {
  label: string;
  onCodes: (c: string[]) => void;
  onMade?: () => void;
  primary?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className={`btn ${primary ? 'primary' : ''}`}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          const r = await registerPasskey(deviceLabel());
          setBusy(false);
          if (!r.ok) return setError(r.error.message);
          if (r.value.recoveryCodes) onCodes(r.value.recoveryCodes);
          onMade?.();
        }}
      >
        {busy ? 'Waiting for your passkey…' : label}
      </button>
      <Alert text={error} />
    </>
  );
}

/** A label for a new passkey: the kind of device it was made on (the list adds the date). */
function deviceLabel(): string {
  const ua = navigator.userAgent;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iPhone or iPad'
      : /Mac OS X/.test(ua)
        ? 'Mac'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'This device';
  return os;
}

/** A guest is one passkey away from an account. */
export function SaveWithPasskey({ onCodes }: { onCodes: (c: string[]) => void }) {
  return (
    <div className="card">
      <h2>Keep your games on every device</h2>
      <p>
        Right now your games live on this device only. Make a passkey (your fingerprint, face,
        screen lock or a security key) and sign in anywhere to find them again. No password.
      </p>
      <div className="row">
        <MakePasskey label="Create a passkey" onCodes={onCodes} />
        <Link href="/signin" className="btn ghost">
          I already have an account
        </Link>
      </div>
    </div>
  );
}

/** Recovery codes, shown once. */
export function ShowCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="card codes-card" role="region" aria-labelledby="codes-title">
      <h2 id="codes-title">Your recovery codes</h2>
      <p>
        Each code signs you in once if you lose your passkeys. Save them somewhere safe now: they
        are shown only this once.
      </p>
      <ol className="codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="row">
        <button
          type="button"
          className="btn"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(codes.join('\n'))
              .then(() => setCopied(true))
              .catch(() => undefined);
          }}
        >
          {copied ? 'Copied' : 'Copy codes'}
        </button>
        <button type="button" className="btn primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

/** The account's passkeys: list, add, remove (not the last). */
export function Passkeys({ user }: { user: User }) {
  const [keys, setKeys] = useState<Passkey[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => void listPasskeys().then((r) => r.ok && setKeys(r.value.passkeys));
  useEffect(load, [user.passkeys]);
  return (
    <div className="card">
      <h2>Passkeys</h2>
      <ul className="passkeys">
        {(keys ?? []).map((k) => (
          <li key={k.id}>
            <div>
              <strong>{k.label}</strong>
              <span className="muted small">
                {' '}
                · added {day(k.createdAt)}
                {k.lastUsedAt ? ` · last used ${day(k.lastUsedAt)}` : ''}
                {k.backedUp ? ' · synced' : ''}
              </span>
            </div>
            <button
              type="button"
              className="btn small"
              disabled={(keys?.length ?? 0) <= 1}
              aria-label={`Remove passkey ${k.label}`}
              onClick={async () => {
                const r = await removePasskey(k.id);
                if (!r.ok) return setError(r.error.message);
                setKeys(r.value.passkeys);
              }}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {keys?.length === 1 && (
        <p className="muted small">Add a second passkey before you can remove this one.</p>
      )}
      <MakePasskey label="Add a passkey" onCodes={() => undefined} onMade={load} primary={false} />
      <Alert text={error} />
    </div>
  );
}

/** Recovery codes left, and new ones. */
export function Recovery({ user, onCodes }: { user: User; onCodes: (c: string[]) => void }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="card">
      <h2>Recovery codes</h2>
      <p>
        {user.recoveryCodesLeft} of 10 unused. Making new codes stops the old ones from working.
      </p>
      <button
        type="button"
        className="btn"
        onClick={async () => {
          const r = await newRecoveryCodes();
          if (!r.ok) return setError(r.error.message);
          onCodes(r.value.codes);
          window.scrollTo(0, 0);
        }}
      >
        Make new recovery codes
      </button>
      <Alert text={error} />
    </div>
  );
}
