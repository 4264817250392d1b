import type { GameEvent } from '@zilch/engine';
import { Icon } from '../../components/ReactionIcon.tsx';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { GameView } from '@zilch/protocol';
import { Chat } from '../../components/Chat.tsx';
import { TurnLog } from '../../components/TurnLog.tsx';
import type { useChat } from '../../lib/useChat.ts';
import { useModal } from '../../lib/useModal.ts';

/** Width at and below which the table is one column (styles.css) and the chat is a drawer. */
const PHONE = '(max-width: 860px)';

/** Whether the table is in its phone layout now, following changes (read at first render: no flash). */
export function usePhone(): boolean {
  const [on, setOn] = useState(() => matchMedia(PHONE).matches);
  useEffect(() => {
    const m = matchMedia(PHONE);
    const change = () => setOn(m.matches);
    m.addEventListener('change', change);
    return () => m.removeEventListener('change', change);
  }, []);
  return on;
}

/** Messages from others since the chat was last in sight (the history on arrival counts as read). */
function useUnread(chat: ReturnType<typeof useChat>, you: number | null, inSight: boolean) {
  const [seen, setSeen] = useState<string | null>(null);
  const last = chat.messages.at(-1)?.id ?? '';
  useEffect(() => {
    if (chat.loaded && (inSight || seen === null)) setSeen(last);
  }, [chat.loaded, inSight, last, seen]);
  if (seen === null) return 0;
  return chat.messages.filter((m) => m.id > seen && (m.seat === null || m.seat !== you)).length;
}

/** The count beside "Chat", sized so a new digit never moves what is next to it. */
function Badge({ n }: { n: number }) {
  return (
    <span className="chat-badge" data-testid="chat-unread" aria-hidden={n === 0}>
      {n > 0 ? (n > 99 ? '99+' : n) : ''}
    </span>
  );
}

/**
 * The chat on a phone: a button under the felt (in the flow from the first paint, so it moves
 * nothing) with the unread count, opening the chat as a modal drawer.
 */
export function ChatDrawer({ view, chat }: { view: GameView; chat: ReturnType<typeof useChat> }) {
  const [open, setOpen] = useState(false);
  const unread = useUnread(chat, view.you, open);
  const drawer = useModal(open, (d) => d.querySelector<HTMLInputElement>('.chat-input')?.focus());
  return (
    <div className="chat-open-row">
      <button
        type="button"
        className="btn small chat-open"
        aria-haspopup="dialog"
        aria-label={unread > 0 ? `Chat, ${unread} unread` : 'Chat'}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">
          <Icon name="chat" /> Chat <Badge n={unread} />
        </span>
      </button>
      <dialog
        ref={drawer}
        className="chat-drawer card"
        aria-labelledby="chat-drawer-title"
        onClose={() => setOpen(false)}
      >
        <div className="chat-drawer-head">
          <h2 id="chat-drawer-title">Chat</h2>
          <button type="button" className="btn small" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
        {open && <Chat chat={chat} view={view} idPrefix="chat-drawer" />}
      </dialog>
    </div>
  );
}

/**
 * The column beside the felt: the turn log and the chat as two tabs. On a phone the column
 * keeps only the turn log; the chat is the drawer of `ChatDrawer`.
 */
export function SidePanel({
  view,
  name,
  events,
  chat,
  phone,
}: {
  view: GameView;
  /** Seat names as this device reads them (its own seat is "You"). */
  name: (seat: number) => string;
  events: readonly GameEvent[];
  chat: ReturnType<typeof useChat>;
  phone: boolean;
}) {
  const [tab, setTab] = useState<'log' | 'chat'>('log');
  const unread = useUnread(chat, view.you, !phone && tab === 'chat');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  if (phone) return <TurnLog name={name} events={events} />;

  // Tabs (WAI-ARIA pattern): arrows move between them, only the chosen one is in the tab order.
  const order = ['log', 'chat'] as const;
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next = tab === 'log' ? 'chat' : 'log';
    setTab(next);
    tabs.current[order.indexOf(next)]?.focus();
  };
  return (
    <section className="card side-panel turn-log" aria-label="Turn log and chat">
      <div className="side-tabs" role="tablist" aria-label="Turn log or chat" onKeyDown={onKey}>
        {order.map((t, i) => (
          <button
            key={t}
            ref={(b) => {
              tabs.current[i] = b;
            }}
            type="button"
            role="tab"
            id={`side-tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`side-panel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            className="side-tab"
            onClick={() => setTab(t)}
          >
            {t === 'log' ? (
              'Turn log'
            ) : (
              <>
                Chat <Badge n={unread} />
                {unread > 0 && <span className="sr-only">{unread} unread</span>}
              </>
            )}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`side-panel-${tab}`}
        aria-labelledby={`side-tab-${tab}`}
        className="side-body"
      >
        {tab === 'log' ? (
          <TurnLog name={name} events={events} bare />
        ) : (
          <Chat chat={chat} view={view} idPrefix="chat-tab" />
        )}
      </div>
    </section>
  );
}
