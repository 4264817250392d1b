import type { GameEvent } from '@zilch/engine';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Reactions } from '../../components/Reactions.tsx';
import { Scoreboard } from '../../components/Scoreboard.tsx';
import { TurnLog } from '../../components/TurnLog.tsx';
import { heldGame } from '../../lib/storage.ts';
import type { useTable } from '../../lib/useTable.ts';
import type { AdviceOption, GameView } from '@zilch/protocol';
import { CoachPanel } from './CoachPanel.tsx';
import { useDice, useTurnView } from './derived.ts';
import { Felt } from './Felt.tsx';
import { GameOver } from './GameOver.tsx';
import { GuideTip } from './GuideTip.tsx';
import { TableHead } from './TableHead.tsx';
import { useBanner } from './useBanner.ts';
import { useMoves } from './useMoves.ts';
import { useTableKeys } from './useTableKeys.ts';
import { Waiting } from './Waiting.tsx';

/** What the joined table hands to the page in play. */
export type PlayingProps = {
  view: GameView;
  events: GameEvent[];
  fresh: { seq: number; events: GameEvent[] } | null;
  mine: number[];
  tokens: Record<number, string>;
  connected: boolean;
  error: string | null;
  send: ReturnType<typeof useTable>['send'];
  react: ReturnType<typeof useTable>['react'];
  reactions: ReturnType<typeof useTable>['reactions'];
  guide: boolean;
  spectatorToken?: string;
};

/** The table once joined: the felt and its panels beside the scoreboard and the turn log. */
export function Playing(p: PlayingProps) {
  const { view, mine } = p;
  const s = view.state;
  const who = useTurnView(view, mine);
  const { name, playing, myTurn, spectator } = who;
  const [coach, setCoach] = useState(false);
  const [, navigate] = useLocation();
  const rollRef = useRef<HTMLButtonElement>(null);
  const bankRef = useRef<HTMLButtonElement>(null);

  // A figure for the report: navigation start → the table first rendered (read by the e2e test).
  useEffect(() => {
    if (performance.getEntriesByName('zilch:table-visible').length === 0) {
      performance.mark('zilch:table-visible');
    }
  }, []);

  const posKey = `${view.seq}`;
  const moves = useMoves(p.send, view.seq, myTurn, s.phase);
  const { banner, spin } = useBanner(p.fresh, name, view.rules.dice);
  const dice = useDice(s, p.events);
  const toggleCoach = useCallback(() => setCoach((c) => !c), []);
  useTableKeys({
    roll: dice.roll,
    toggle: moves.toggle,
    act: moves.act,
    myTurn,
    phase: s.phase,
    spectator,
    rollRef,
    bankRef,
    toggleCoach,
  });
  const showAdvice = (o: AdviceOption) => {
    if (o.move.type === 'keep') moves.setSelected(o.move.dice.slice());
  };

  return (
    <div className="page table-page">
      <TableHead view={view} who={who} connected={p.connected} />
      <div className="table-grid">
        <div className="felt-col">
          <Felt
            view={view}
            who={who}
            dice={dice}
            moves={moves}
            banner={banner}
            spin={spin}
            error={p.error}
            rollRef={rollRef}
            bankRef={bankRef}
          />
          <GuideTip
            enabled={p.guide && !spectator}
            state={s}
            fresh={p.fresh?.events ?? []}
            myTurn={myTurn}
          />
          {view.status === 'over' && <GameOver view={view} tokens={p.tokens} navigate={navigate} />}
          {view.status === 'waiting' && (
            <Waiting
              view={view}
              spectatorToken={p.spectatorToken}
              invites={heldGame(view.id)?.invites ?? {}}
            />
          )}
          <CoachPanel
            on={coach}
            setOn={setCoach}
            spectator={spectator}
            playing={playing}
            myTurn={myTurn}
            state={s}
            stateKey={posKey}
            onShow={showAdvice}
          />
          <Reactions
            reactions={p.reactions}
            name={(seat) => (seat === null ? 'A spectator' : name(seat))}
            onReact={p.react}
            canReact={true}
          />
        </div>
        <div className="side-col">
          <Scoreboard view={view} mine={mine} />
          <TurnLog view={view} events={p.events} />
        </div>
      </div>
    </div>
  );
}
