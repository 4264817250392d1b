/** What a change came to: a confirmation, or the reason it failed. */
export interface Note {
  ok: boolean;
  text: string;
}

/** A status line after a change: "good" when it worked, "error" with the reason when not. */
export function StatusNote({ note }: { note: Note | null }) {
  if (!note) return null;
  return (
    <p role="status" className={note.ok ? 'good' : 'error'}>
      {note.text}
    </p>
  );
}
