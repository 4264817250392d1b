import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CHAT_MAX_GRAPHEMES, normaliseChat, type GameView } from '@zilch/protocol';
import type { useChat } from '../lib/useChat.ts';
import { nameOf } from './Scoreboard.tsx';

/** The table chat: messages (text only, never markup), a box to write in, mutes and reports. */
export function Chat({
  chat,
  view,
  idPrefix,
}: {
  chat: ReturnType<typeof useChat>;
  view: GameView;
  /** Keeps ids unique if the panel is ever shown twice. */
  idPrefix: string;
}) {
  const you = view.you;
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const [reported, setReported] = useState<ReadonlySet<string>>(new Set());
  const listRef = useRef<HTMLOListElement>(null);
  const { length } = normaliseChat(draft);
  const over = length > CHAT_MAX_GRAPHEMES;

  // The newest message stays in sight inside the list's own scroll box (the page never moves).
  useEffect(() => {
    const l = listRef.current;
    if (l) l.scrollTop = l.scrollHeight;
  }, [chat.messages.length]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending || length === 0 || over) return;
    setSending(true);
    const r = await chat.send(draft);
    setSending(false);
    if (r.ok) {
      setDraft('');
      setError('');
    } else setError(r.error.message);
  };
  const mute = async (target: number | 'spectators', muted: boolean) => {
    const r = await chat.mute(target, muted);
    setError(r.ok ? '' : r.error.message);
  };
  const report = async (id: string) => {
    const r = await chat.report(id);
    if (r.ok) setReported((s) => new Set(s).add(id));
    else setError(r.error.message);
  };

  const ids = { input: `${idPrefix}-input`, count: `${idPrefix}-count`, err: `${idPrefix}-error` };
  return (
    <div className="chat" data-testid="chat">
      <p className="muted small chat-note">
        {you === null
          ? 'You are watching: your messages go to the spectators’ channel, which players may mute.'
          : 'Players’ messages, and spectators’ marked “watching”.'}{' '}
        {chat.filtered ? 'Profanity is masked.' : 'This table does not filter profanity.'}
      </p>
      {chat.mutes && (
        <div className="chat-mutes small">
          <label>
            <input
              type="checkbox"
              checked={chat.mutes.spectators}
              onChange={(e) => void mute('spectators', e.currentTarget.checked)}
            />{' '}
            Mute spectators
          </label>
          {chat.mutes.seats.map((s) => (
            <button type="button" key={s} className="btn small" onClick={() => void mute(s, false)}>
              Unmute {nameOf(view, s)}
            </button>
          ))}
        </div>
      )}
      {chat.messages.length === 0 ? (
        <p className="muted chat-empty">No messages yet. Say hello!</p>
      ) : (
        <ol
          ref={listRef}
          className="chat-list"
          tabIndex={0}
          aria-label="Chat messages, oldest first"
          aria-live="polite"
          data-testid="chat-list"
        >
          {chat.messages.map((m) => {
            const mine = m.seat !== null && m.seat === you;
            return (
              <li key={m.id} className={m.channel === 'spectators' ? 'from-spectator' : undefined}>
                <strong>{m.name}</strong>
                {m.channel === 'spectators' && <span className="tag">watching</span>}{' '}
                {/* Text, never HTML: React escapes it, and nothing here parses markup. */}
                <span className="chat-text">{m.text}</span>
                {!mine && (
                  <span className="chat-tools">
                    {you !== null && m.seat !== null && (
                      <button
                        type="button"
                        className="link-btn"
                        onClick={() => void mute(m.seat as number, true)}
                        aria-label={`Mute ${m.name}`}
                      >
                        Mute
                      </button>
                    )}
                    {reported.has(m.id) ? (
                      <span className="muted">Reported</span>
                    ) : (
                      <button
                        type="button"
                        className="link-btn"
                        onClick={() => void report(m.id)}
                        aria-label={`Report ${m.name}’s message`}
                      >
                        Report
                      </button>
                    )}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <form className="chat-form" onSubmit={(e) => void submit(e)}>
        <label htmlFor={ids.input} className="sr-only">
          Message
        </label>
        <input
          id={ids.input}
          className="chat-input"
          type="text"
          autoComplete="off"
          enterKeyHint="send"
          placeholder={you === null ? 'Message the spectators' : 'Message the table'}
          value={draft}
          aria-invalid={over}
          aria-describedby={`${ids.count} ${ids.err}`}
          onChange={(e) => {
            setDraft(e.currentTarget.value);
            if (error) setError('');
          }}
        />
        <button type="submit" className="btn" disabled={sending || length === 0 || over}>
          Send
        </button>
        <p id={ids.count} className={`small chat-count ${over ? 'error' : 'muted'}`}>
          {length}/{CHAT_MAX_GRAPHEMES}
          {over && ` — too long by ${length - CHAT_MAX_GRAPHEMES}`}
        </p>
        <p id={ids.err} className="small error chat-error" role="alert">
          {error}
        </p>
      </form>
    </div>
  );
}
