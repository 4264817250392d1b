import type { GameState } from '@zilch/engine';
import { Coach } from '../../components/Coach.tsx';
import type { AdviceOption } from '@zilch/protocol';

/** The coach switch for players, and the coach's advice on their own turn. */
export function CoachPanel({
  on,
  setOn,
  spectator,
  playing,
  myTurn,
  state,
  stateKey,
  onShow,
}: {
  on: boolean;
  setOn: (on: boolean) => void;
  spectator: boolean;
  playing: boolean;
  myTurn: boolean;
  state: GameState;
  stateKey: string;
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
      {on && playing && myTurn && <Coach state={state} stateKey={stateKey} onShow={onShow} />}
      {on && playing && !myTurn && <p className="muted">The coach speaks on your turn.</p>}
    </>
  );
}
