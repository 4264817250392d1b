import { AVATAR_COLOURS, type AvatarColour, type User } from '@zilch/protocol';
import { useState } from 'react';
import { Avatar } from '../../components/Avatar.tsx';
import { StatusNote, type Note } from '../../components/StatusNote.tsx';
import { updateProfile } from '../../lib/account.ts';
import { plural } from '../../lib/words.ts';

/** Names of the avatar colours, in the palette's order, for the colour picker's labels. */
const COLOUR_NAMES: Record<AvatarColour, string> = {
  '#1f5f8b': 'Blue',
  '#7a3e9d': 'Purple',
  '#a33a3a': 'Red',
  '#2f6b3a': 'Green',
  '#8a5a00': 'Amber',
  '#3d4f8f': 'Indigo',
  '#8c2f6b': 'Plum',
  '#4b5563': 'Slate',
};

/** Name, avatar and colour. */
export function Identity({ user }: { user: User }) {
  const [name, setName] = useState(user.name ?? '');
  const [note, setNote] = useState<Note | null>(null);
  const save = async (set: { name?: string; colour?: AvatarColour }) => {
    const r = await updateProfile(set);
    setNote(r.ok ? { ok: true, text: 'Saved.' } : { ok: false, text: r.error.message });
  };
  return (
    <div className="card identity">
      <div className="row">
        <Avatar user={user} size={56} />
        <div>
          <p className="identity-name">{user.name ?? 'Unnamed player'}</p>
          <p className="muted small">
            {user.kind === 'account'
              ? `Account · ${plural(user.passkeys, 'passkey', 'passkeys')}`
              : 'Guest on this device'}
          </p>
        </div>
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save({ name: name.trim() });
        }}
      >
        <label htmlFor="profile-name">Display name</label>
        <div className="row">
          <input
            id="profile-name"
            value={name}
            maxLength={24}
            autoComplete="nickname"
            onChange={(e) => setName(e.target.value)}
          />
          <button
            type="submit"
            className="btn"
            disabled={!name.trim() || name.trim() === user.name}
          >
            Save name
          </button>
        </div>
      </form>
      <fieldset className="colours">
        <legend>Avatar colour</legend>
        {AVATAR_COLOURS.map((c) => (
          <label key={c} className="colour-choice">
            <input
              type="radio"
              name="avatar-colour"
              value={c}
              checked={user.colour === c}
              onChange={() => void save({ colour: c })}
            />
            <span className="swatch" style={{ background: c }} aria-hidden="true" />
            <span className="sr-only">{COLOUR_NAMES[c]}</span>
          </label>
        ))}
      </fieldset>
      <StatusNote note={note} />
    </div>
  );
}
