import { Coach, type AdviceState } from '../../components/Coach.tsx';
import type { AdviceOption } from '@zilch/protocol';

/** The coach switch for players, and the coach's advice on their own turn. */
export function CoachPanel({
  on,
  setOn,
  spectator,
  playing,
  myTurn,
  current,
  preparing,
  onShow,
}: {
  on: boolean;
  setOn: (on: boolean) => void;
  spectator: boolean;
  playing: boolean;
  myTurn: boolean;
  current: AdviceState | null;
  preparing: number | null;
  onShow: (o: AdviceOption) => void;
}) {
  return (
    <>
      {!spectator && playing && (
        <div className="coach-toggle">
          <label className="switch">
            <input
              type="checkbox"
              checked={on}
              onChange={(e) => setOn(e.target.checked)}
              aria-keyshortcuts="C"
            />{' '}
            Coach {on ? 'on' : 'off'}
          </label>
        </div>
      )}
      {on && playing && myTurn && <Coach current={current} preparing={preparing} onShow={onShow} />}
      {on && playing && !myTurn && <p className="muted">The coach speaks on your turn.</p>}
    </>
  );
}
