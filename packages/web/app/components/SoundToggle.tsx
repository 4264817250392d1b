import { useSoundEnabled } from '../lib/sound.ts';

/** A speaker, with sound waves when on and a cross when off (drawn: emoji fonts vary). */
function Speaker({ on }: { on: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {on ? (
        <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
      ) : (
        <path d="M17 9l5 6M22 9l-5 6" />
      )}
    </svg>
  );
}

/** The device's switch for table sounds and vibration; the choice is remembered on this device. */
export function SoundToggle() {
  const [on, setOn] = useSoundEnabled();
  return (
    <button
      type="button"
      className="sound-toggle"
      aria-label="Sound"
      aria-pressed={on}
      title={on ? 'Sound and vibration are on' : 'Sound and vibration are off'}
      onClick={() => setOn(!on)}
      data-testid="sound-toggle"
    >
      <Speaker on={on} />
      <span className="sound-word" aria-hidden="true">
        Sound
      </span>
    </button>
  );
}
