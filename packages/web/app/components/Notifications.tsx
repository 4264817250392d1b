import type { PushKind, PushSettings, PushStatus } from '@zilch/protocol';
import { useEffect, useState } from 'react';
import {
  deviceSubscription,
  disablePush,
  enablePush,
  pushStatus,
  pushSupported,
  savePushSettings,
} from '../lib/push.ts';
import { err } from '../lib/result.ts';
import { StatusNote, type Note } from './StatusNote.tsx';
import { plural } from '../lib/words.ts';

const KINDS: { kind: PushKind; label: string }[] = [
  { kind: 'your-move', label: 'Your move' },
  { kind: 'invitation', label: 'Game invitations (a rematch offered to you)' },
  { kind: 'game-over', label: 'Game over' },
  { kind: 'challenge', label: 'Challenges from other players' },
  { kind: 'tournament', label: 'Your next tournament game is ready' },
];

/** "HH:MM" of a minute of the day, and back. */
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const minutes = (v: string) => {
  const [h, m] = v.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** This browser's time zone (IANA name). */
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Web Push on the profile (accounts only): turn notifications on or off for this device, choose
 * which kinds, and quiet hours in this device's time zone.
 */
export function Notifications() {
  const [status, setStatus] = useState<PushStatus | null>(null);
  const [subscribed, setSubscribed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  useEffect(() => {
    void pushStatus().then((r) =>
      r.ok ? setStatus(r.value) : setNote({ ok: false, text: r.error.message }),
    );
    void deviceSubscription().then((s) => setSubscribed(s !== null));
  }, []);
  if (!status)
    return note ? (
      <div className="card notifications">
        <h2>Notifications</h2>
        <StatusNote note={note} />
      </div>
    ) : null;
  const s = status.settings;
  const save = async (next: PushSettings) => {
    // Shown at once (a checkbox must not wait for the server); the answer is the truth after.
    setStatus({ ...status, settings: next });
    const r = await savePushSettings({ ...next, timeZone: localZone() });
    setStatus(r.ok ? r.value : status);
    setNote(r.ok ? { ok: true, text: 'Saved.' } : { ok: false, text: r.error.message });
  };
  const toggle = async () => {
    setBusy(true);
    setNote(null);
    const r = await (subscribed ? disablePush() : enablePush(status.publicKey)).catch(() =>
      err<PushStatus>(
        'PUSH_FAILED',
        'Notifications could not be changed on this device. Try again later.',
      ),
    );
    setBusy(false);
    if (!r.ok) return setNote({ ok: false, text: r.error.message });
    setStatus(r.value);
    setSubscribed(!subscribed);
    setNote({ ok: true, text: subscribed ? 'Turned off on this device.' : 'Turned on.' });
  };
  const quiet = s.quietHours;
  return (
    <div className="card notifications">
      <h2>Notifications</h2>
      {pushSupported() ? (
        <p>
          {subscribed
            ? 'This device gets notifications.'
            : 'Get a notification on this device when a game needs you.'}{' '}
          <span className="muted small">{plural(status.devices, 'device', 'devices')} in all.</span>
        </p>
      ) : (
        <p className="muted">This browser cannot show notifications.</p>
      )}
      {pushSupported() && (
        <button
          type="button"
          className={subscribed ? 'btn' : 'btn primary'}
          disabled={busy}
          onClick={() => void toggle()}
        >
          {subscribed ? 'Turn off on this device' : 'Turn on for this device'}
        </button>
      )}
      <fieldset>
        <legend>Tell me about</legend>
        {KINDS.map(({ kind, label }) => (
          <label key={kind} className="check">
            <input
              type="checkbox"
              checked={s.kinds.includes(kind)}
              onChange={(e) =>
                void save({
                  ...s,
                  kinds: e.target.checked ? [...s.kinds, kind] : s.kinds.filter((k) => k !== kind),
                })
              }
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Quiet hours</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={quiet !== null}
            onChange={(e) =>
              void save({
                ...s,
                quietHours: e.target.checked ? { from: 22 * 60, to: 8 * 60 } : null,
              })
            }
          />{' '}
          No notifications at night
        </label>
        {quiet && (
          <div className="row quiet-hours">
            <TimeField
              label="From"
              value={quiet.from}
              onChange={(from) => void save({ ...s, quietHours: { ...quiet, from } })}
            />
            <TimeField
              label="to"
              value={quiet.to}
              onChange={(to) => void save({ ...s, quietHours: { ...quiet, to } })}
            />
          </div>
        )}
        <p className="muted small">
          Times in{' '}
          {s.timeZone === localZone() ? s.timeZone : `${localZone()} (saved: ${s.timeZone})`}.
          Notifications due in quiet hours are not sent; “Your move” in the header still lists the
          games.
        </p>
      </fieldset>
      <StatusNote note={note} />
    </div>
  );
}

/** A labelled time of day (minutes after midnight) as an `<input type="time">`. */
function TimeField(p: { label: string; value: number; onChange: (minutes: number) => void }) {
  return (
    <label>
      {p.label}{' '}
      <input
        type="time"
        value={hhmm(p.value)}
        onChange={(e) => e.target.value && p.onChange(minutes(e.target.value))}
      />
    </label>
  );
}
