import { houseBotAccount, type SeatView } from '@zilch/protocol';
import { Link } from 'wouter';

/** The page of the bot at a seat (a bot account's, or a built-in bot's account), or null for a person. */
export function botPageOf(seat: Pick<SeatView, 'kind' | 'bot' | 'botAccount'>): string | null {
  if (seat.botAccount) return `/bots/${encodeURIComponent(seat.botAccount)}`;
  if (seat.kind === 'bot' && seat.bot) return `/bots/${houseBotAccount(seat.bot)}`;
  return null;
}

/**
 * The "BOT" mark beside a bot's name, the same for bot accounts and our built-in bots: a text
 * badge (never colour or an emoji alone) read out as "bot"; with `page`, a link to the bot's page.
 */
export function BotMark({
  page = null,
  level,
  name,
}: {
  page?: string | null;
  /** A built-in bot's level, said after "bot". */
  level?: string | undefined;
  /** Whose mark: names the link to the bot's page. */
  name?: string;
}) {
  const said = level ? `bot, ${level}` : 'bot';
  const mark = (
    <span className="tag tag-bot" role="img" aria-label={said} data-testid="bot-mark">
      BOT
    </span>
  );
  if (!page) return mark;
  return (
    <Link
      href={page}
      className="bot-mark-link"
      aria-label={name ? `${name} is a ${said}: its page` : `${said}: its page`}
    >
      {mark}
    </Link>
  );
}
