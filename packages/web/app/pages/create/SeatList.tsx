import { BOT_IDS, type BotId } from '@zilch/protocol';

/** One seat as the form holds it. */
export type SeatRow = { kind: 'human'; name: string } | { kind: 'bot'; bot: BotId };
/** Who plays on this device: the first person, everyone (hot-seat) or nobody. */
export type Who = 'me' | 'all' | 'none';

// Who plays on this device, in the order offered.
const WHO_CHOICES: readonly [Who, string][] = [
  ['me', "I take the first person's seat and invite the others"],
  ['all', 'Everyone: pass this device around (hot-seat)'],
  ['none', 'Nobody: I only set the table up'],
];

const BOT_NOTES: Record<BotId, string> = {
  random: 'random — picks any legal move',
  cautious: 'cautious — banks early',
  bold: 'bold — pushes its luck',
  expected: 'expected — maximises expected points',
  optimal: 'optimal — plays to win (2 players)',
};

/** The seats (people and bots, 2–8) and who of them plays on this device. */
export function SeatList({
  seats,
  setSeats,
  who,
  setWho,
}: {
  seats: SeatRow[];
  setSeats: (s: SeatRow[]) => void;
  who: Who;
  setWho: (w: Who) => void;
}) {
  return (
    <section className="card" aria-labelledby="seats-h">
      <h2 id="seats-h">Seats ({seats.length} of 2–8)</h2>
      <ol className="seat-rows">
        {seats.map((s, i) => (
          <li key={i} className="seat-row">
            <span className="seat-no">Seat {i + 1}</span>
            <label className="sr-only" htmlFor={`seat-${i}-kind`}>
              Seat {i + 1} is played by
            </label>
            <select
              id={`seat-${i}-kind`}
              value={s.kind}
              onChange={(e) =>
                setSeats(
                  seats.map((x, j) =>
                    j === i
                      ? e.target.value === 'bot'
                        ? { kind: 'bot', bot: 'expected' }
                        : { kind: 'human', name: `Player ${i + 1}` }
                      : x,
                  ),
                )
              }
            >
              <option value="human">Person</option>
              <option value="bot">Bot</option>
            </select>
            {s.kind === 'human' ? (
              <>
                <label className="sr-only" htmlFor={`seat-${i}-name`}>
                  Seat {i + 1} name
                </label>
                <input
                  id={`seat-${i}-name`}
                  value={s.name}
                  maxLength={24}
                  onChange={(e) =>
                    setSeats(
                      seats.map((x, j) => (j === i ? { kind: 'human', name: e.target.value } : x)),
                    )
                  }
                />
              </>
            ) : (
              <>
                <label className="sr-only" htmlFor={`seat-${i}-bot`}>
                  Seat {i + 1} bot level
                </label>
                <select
                  id={`seat-${i}-bot`}
                  value={s.bot}
                  onChange={(e) =>
                    setSeats(
                      seats.map((x, j) =>
                        j === i ? { kind: 'bot', bot: e.target.value as BotId } : x,
                      ),
                    )
                  }
                >
                  {BOT_IDS.map((b) => (
                    <option key={b} value={b}>
                      {BOT_NOTES[b]}
                    </option>
                  ))}
                </select>
              </>
            )}
            <button
              type="button"
              className="btn small ghost"
              disabled={seats.length <= 2}
              aria-label={`Remove seat ${i + 1}`}
              onClick={() => setSeats(seats.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <div className="row">
        <button
          type="button"
          className="btn small"
          disabled={seats.length >= 8}
          onClick={() =>
            setSeats([...seats, { kind: 'human', name: `Player ${seats.length + 1}` }])
          }
        >
          Add a person
        </button>
        <button
          type="button"
          className="btn small"
          disabled={seats.length >= 8}
          onClick={() => setSeats([...seats, { kind: 'bot', bot: 'expected' }])}
        >
          Add a bot
        </button>
      </div>
      <fieldset className="field stack">
        <legend>Who plays on this device?</legend>
        {WHO_CHOICES.map(([value, label]) => (
          <label className="check" key={value}>
            <input type="radio" name="who" checked={who === value} onChange={() => setWho(value)} />{' '}
            {label}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
