import { Link } from 'wouter';
import { BOT_IDS, type BotId } from '@zilch/protocol';

/** The table's settings: timer, absent players, listing, rated, chat filter. */
export function TableOptions(p: {
  timer: number | null;
  setTimer: (t: number | null) => void;
  absentBot: BotId | '';
  setAbsentBot: (b: BotId | '') => void;
  listed: boolean;
  setListed: (on: boolean) => void;
  rated: boolean;
  setRated: (on: boolean) => void;
  unrateable: string | null;
  ratedProblem: string | null;
  chatFilter: boolean;
  setChatFilter: (on: boolean) => void;
}) {
  const { timer, setTimer, absentBot, setAbsentBot, listed, setListed, rated, setRated } = p;
  const { unrateable, ratedProblem, chatFilter, setChatFilter } = p;
  return (
    <section className="card" aria-labelledby="table-h">
      <h2 id="table-h">Table</h2>
      <div className="field">
        <div className="field-main">
          <label htmlFor="timer">Turn timer</label>
          <select
            id="timer"
            value={timer ?? ''}
            onChange={(e) => setTimer(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">No timer</option>
            <option value="30">30 seconds</option>
            <option value="60">1 minute</option>
            <option value="300">5 minutes</option>
            <option value="86400">1 day (correspondence)</option>
          </select>
        </div>
        <p className="help">Time per decision; when it runs out the turn ends as a zilch.</p>
      </div>
      <div className="field">
        <div className="field-main">
          <label htmlFor="absent">Absent players</label>
          <select
            id="absent"
            disabled={rated}
            value={rated ? '' : absentBot}
            onChange={(e) => setAbsentBot(e.target.value as BotId | '')}
          >
            <option value="">Wait for them</option>
            {BOT_IDS.map((b) => (
              <option key={b} value={b}>
                A bot plays for them: {b}
              </option>
            ))}
          </select>
        </div>
        <p className="help">
          Who plays a seat whose player is disconnected when the timer runs out.
        </p>
      </div>
      <CheckField
        id="public"
        checked={listed}
        onChange={setListed}
        label="List this table publicly"
        help="Off: only people you send a link to can find it. On: anyone can see it in the list of games and watch."
      />
      <div className="field">
        <label className="check">
          <input
            id="rated"
            type="checkbox"
            checked={rated}
            disabled={unrateable !== null}
            aria-describedby="rated-help"
            onChange={(e) => setRated(e.target.checked)}
          />{' '}
          Rated game
        </label>
        <p className="help" id="rated-help">
          {unrateable ??
            'The result moves both players’ ratings for this preset (Glicko-2) on the leaderboard. Only accounts (signed in with a passkey) can take its seats, under their account names; absent players are waited for, never played by a bot.'}{' '}
          <Link href="/leaderboard">Leaderboard</Link>
        </p>
        {ratedProblem && (
          <p className="error" role="status">
            {ratedProblem} <Link href="/signin">Sign in</Link> ·{' '}
            <Link href="/me">Your profile</Link>
          </p>
        )}
      </div>
      <CheckField
        id="chat-filter"
        checked={chatFilter}
        onChange={setChatFilter}
        label="Filter profanity in the chat"
        help="On: swear words in the table chat are masked with asterisks. Off: messages stay as typed. Fixed once the table is created."
      />
    </section>
  );
}

/** A yes/no setting of the table with what each answer means. */
function CheckField(p: {
  id: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  help: string;
}) {
  return (
    <div className="field">
      <label className="check">
        <input
          id={p.id}
          type="checkbox"
          checked={p.checked}
          onChange={(e) => p.onChange(e.target.checked)}
        />{' '}
        {p.label}
      </label>
      <p className="help">{p.help}</p>
    </div>
  );
}
