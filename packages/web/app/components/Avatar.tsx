import type { User } from '@zilch/protocol';

/** The first letter of a name (a whole grapheme), or "?" for a user with none yet. */
function initialOf(name: string | null): string {
  const first = name ? new Intl.Segmenter().segment(name.trim())[Symbol.iterator]().next() : null;
  return first && !first.done ? first.value.segment.toUpperCase() : '?';
}

/** A round avatar: the initial on the user's colour (decorative: the name is said beside it). */
export function Avatar({
  user,
  size = 32,
}: {
  user: Pick<User, 'name' | 'colour'>;
  size?: number;
}) {
  return (
    <span
      className="avatar"
      aria-hidden="true"
      style={{ background: user.colour, width: size, height: size, fontSize: size * 0.5 }}
    >
      {initialOf(user.name)}
    </span>
  );
}
