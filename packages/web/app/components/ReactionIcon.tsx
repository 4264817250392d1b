// The table's reactions drawn as our own icons (issue 22): system emoji showed as empty boxes
// where a device has no colour-emoji font. The wire still carries the emoji (the protocol's
// REACTIONS); only the picture is ours. Each icon is a 24×24 inline SVG in flat colours.
import type { ReactNode } from 'react';

const FACE = '#fbbf24';
const LINE = '#1c1917';

function Face({ children }: { children: ReactNode }) {
  return (
    <>
      <circle cx="12" cy="12" r="10.5" fill={FACE} stroke={LINE} strokeWidth="1.2" />
      {children}
    </>
  );
}

const EYES = (
  <>
    <circle cx="8.5" cy="9.5" r="1.4" fill={LINE} />
    <circle cx="15.5" cy="9.5" r="1.4" fill={LINE} />
  </>
);

const ICONS: Record<string, ReactNode> = {
  '👍': (
    <path
      d="M7 10.5h-3v10h3zM7 10.5l4.2-7c1.6 0 2.3 1 2 2.6l-.7 3.4h6.1c1.3 0 2.2 1.2 1.9 2.4l-1.7 7c-.2.9-1 1.6-2 1.6H7"
      fill={FACE}
      stroke={LINE}
      strokeWidth="1.3"
      strokeLinejoin="round"
    />
  ),
  '😂': (
    <Face>
      <path d="M6.5 9.5q2-2 4 0M13.5 9.5q2-2 4 0" fill="none" stroke={LINE} strokeWidth="1.3" />
      <path d="M6.5 13h11q-1 5-5.5 5t-5.5-5z" fill={LINE} />
      <path
        d="M4 11.5q-1.5 2 0 3.5M20 11.5q1.5 2 0 3.5"
        fill="none"
        stroke="#2563eb"
        strokeWidth="1.6"
      />
    </Face>
  ),
  '😮': (
    <Face>
      {EYES}
      <ellipse cx="12" cy="16" rx="2.4" ry="3" fill={LINE} />
    </Face>
  ),
  '😬': (
    <Face>
      {EYES}
      <rect
        x="6.5"
        y="13.5"
        width="11"
        height="4.5"
        rx="1.5"
        fill="#fff"
        stroke={LINE}
        strokeWidth="1.2"
      />
      <path
        d="M6.5 15.75h11M9.25 13.5v4.5M12 13.5v4.5M14.75 13.5v4.5"
        stroke={LINE}
        strokeWidth="0.9"
      />
    </Face>
  ),
  '🎉': (
    <>
      <path
        d="M3 21l4.5-13 8.5 8.5z"
        fill={FACE}
        stroke={LINE}
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
      <path
        d="M13 3.5l.8 2.2M18.5 5.5l-2 1.5M20.5 11l-2.3-.2"
        stroke="#dc2626"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
      <circle cx="16" cy="3.5" r="1" fill="#2563eb" />
      <circle cx="20.5" cy="8" r="1" fill="#16a34a" />
    </>
  ),
  '😢': (
    <Face>
      {EYES}
      <path
        d="M8 17.5q4-3.5 8 0"
        fill="none"
        stroke={LINE}
        strokeWidth="1.4"
        strokeLinecap="round"
      />
      <path d="M16.5 11.5q-1.6 2.6 0 3.4q1.6-.8 0-3.4z" fill="#2563eb" />
    </Face>
  ),
};

/** A reaction's picture (decorative: the button or the feed names it in words). */
export function ReactionIcon({ emoji, size = 24 }: { emoji: string; size?: number }) {
  return (
    <svg
      className="reaction-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      data-reaction={emoji}
    >
      {ICONS[emoji] ?? <Face>{EYES}</Face>}
    </svg>
  );
}

/**
 * Small line icons for the table's chrome (the chat button, the winner's trophy), drawn in the
 * text colour: the emoji they replace showed as empty boxes without a colour-emoji font.
 */
export function Icon({ name }: { name: 'chat' | 'trophy' }) {
  return (
    <svg
      className="line-icon"
      width="1.1em"
      height="1.1em"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
      strokeLinecap="round"
    >
      {name === 'chat' ? (
        <path d="M4 5h16v11H10l-5 4v-4H4z" />
      ) : (
        <path d="M7 4h10v5a5 5 0 0 1-10 0zM7 6H4v1a3 3 0 0 0 3 3M17 6h3v1a3 3 0 0 1-3 3M12 14v4M8 20h8" />
      )}
    </svg>
  );
}
