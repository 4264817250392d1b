import type { GameEvent } from '@zilch/engine';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Reactions } from '../../components/Reactions.tsx';
import { Coach, offerPick, useAdvice } from '../../components/Coach.tsx';
import { Scoreboard } from '../../components/Scoreboard.tsx';
import { useTableSounds } from '../../lib/sound.ts';
import { useRating } from '../../lib/useRating.ts';
import { heldGame } from '../../lib/storage.ts';
import type { useChat } from '../../lib/useChat.ts';
import type { TableUpdate, useTable } from '../../lib/useTable.ts';
import { useTurnTitle } from '../../lib/yourMove.ts';
import type { AdviceOption, GameView } from '@zilch/protocol';
import { HintButton } from '../practice/HintButton.tsx';
import { HintStrip } from '../practice/HintStrip.tsx';
import { useHint } from '../practice/useHint.ts';
import { CoachPanel } from './CoachPanel.tsx';
import { useDice, useTurnView } from './derived.ts';
import { Felt } from './Felt.tsx';
import { GameOver } from './GameOver.tsx';
import { GuideTip, useGuide } from './GuideTip.tsx';
import { ChatDrawer, SidePanel, usePhone } from './SidePanel.tsx';
import { TableHead } from './TableHead.tsx';
import { useBanner } from './useBanner.ts';
import { useEarlyTaps, useMoves } from './useMoves.ts';
import { usePlayback } from './usePlayback.ts';
import { useTableFocus } from './useTableFocus.ts';
import { useTableKeys } from './useTableKeys.ts';
import { Waiting } from './Waiting.tsx';

/** What the joined table hands to the page in play. */
export type PlayingProps = {
  /** The newest view from the server (the table shows it step by step, see usePlayback). */
  live: GameView;
  base: GameEvent[];
  baseVersion: number;
  updates: TableUpdate[];
  mine: number[];
  tokens: Record<number, string>;
  connected: boolean;
  error: string | null;
  send: ReturnType<typeof useTable>['send'];
  react: ReturnType<typeof useTable>['react'];
  reactions: ReturnType<typeof useTable>['reactions'];
  chat: ReturnType<typeof useChat>;
  guide: boolean;
  spectatorToken?: string;
};

/** The table once joined: the felt and its panels beside the scoreboard and the turn log. */
export function Playing(p: PlayingProps) {
  const { mine } = p;
  // Bots wait while a guided-game tip is up; the tip is worked out from what is on show.
  const [holding, setHolding] = useState(false);
  const play = usePlayback(p.live, p.base, p.baseVersion, p.updates, mine, holding);
  useTableSounds(play.step, play.events, mine);
  const view = play.view;
  const s = view.state;
  const who = useTurnView(view, mine, play.events);
  const { name, playing, myTurn, spectator } = who;
  const liveWho = useTurnView(p.live, mine);
  useTurnTitle(
    view.id,
    { status: view.status, myTurn, hotSeat: who.hotSeat, onTurn: who.onTurn },
    {
      status: p.live.status,
      myTurn: liveWho.myTurn,
      hotSeat: liveWho.hotSeat,
      onTurn: liveWho.onTurn,
    },
  );
  const [coach, setCoach] = useState(false);
  const phone = usePhone();
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
  const rolling = play.step?.rolling ?? false;
  const guide = useGuide(
    p.guide && !spectator,
    s,
    play.step?.events ?? [],
    myTurn,
    play.step,
    rolling,
  );
  useEffect(() => setHolding(guide.tip !== null), [guide.tip]);
  const moves = useMoves(p.send, view.seq, myTurn && !play.busy, s.phase, guide.acted);
  // Taps are kept while the player's own dice tumble, and through the rest of the played-back
  // step (moves are refused until it ends): a key pressed just after the landing is not lost.
  const early = useEarlyTaps(
    myTurn && (rolling ? (play.step?.own ?? false) : play.busy),
    moves,
    s.phase,
  );
  const banner = useBanner(play.banner);
  const rating = useRating(view);
  const dice = useDice(s, play.events);
  const advice = useAdvice(s, posKey, coach && playing && myTurn && !play.busy);
  const hint = useHint(
    view.id,
    Object.values(p.tokens)[0],
    posKey,
    playing && myTurn && !play.busy,
  );
  // A practice game has hints instead of the coach: each decision's help is asked and counted.
  const practice = hint.practice !== null;
  const toggleCoach = useCallback(() => {
    if (!practice) setCoach((c) => !c);
  }, [practice]);
  useTableKeys({
    roll: dice.roll,
    toggle: early.tap,
    act: moves.act,
    myTurn: myTurn && !play.busy,
    phase: s.phase,
    spectator,
    rollRef,
    bankRef,
    toggleCoach,
    hint: hint.ask,
  });
  useTableFocus(`${view.seq}:${s.phase}`, myTurn, view.status === 'over', play.busy);
  const showAdvice = (o: AdviceOption) => {
    if (o.move.type === 'keep') moves.setSelected(o.move.dice.slice());
  };

  return (
    <div className="page table-page">
      <TableHead
        view={view}
        who={who}
        connected={p.connected}
        rating={rating}
        chat={phone ? <ChatDrawer view={view} chat={p.chat} /> : null}
        hint={
          playing && !spectator ? <HintButton hint={hint} myTurn={myTurn && !play.busy} /> : null
        }
      />
      <div className="table-grid">
        <div className="felt-col">
          <Felt
            view={view}
            who={who}
            dice={dice}
            moves={moves}
            banner={banner}
            spin={play.spin}
            step={play.step}
            said={play.said}
            pending={play.pending}
            busy={play.busy}
            onSkip={play.fastForward}
            offerPick={
              coach ? offerPick(advice.current) : practice ? offerPick(hint.current) : null
            }
            error={p.error}
            rollRef={rollRef}
            bankRef={bankRef}
            early={early}
            // The end is laid over the felt: who won, the scores and the ways on.
            over={<GameOver view={view} tokens={p.tokens} navigate={navigate} />}
            hint={<HintStrip hint={hint} onShow={showAdvice} />}
          />
          <GuideTip tip={guide.tip} onDismiss={guide.dismiss} />
          {view.status === 'waiting' && (
            <Waiting
              view={view}
              spectatorToken={p.spectatorToken}
              invites={heldGame(view.id)?.invites ?? {}}
            />
          )}
          {practice ? (
            hint.current &&
            playing &&
            myTurn && <Coach current={hint.current} preparing={null} onShow={showAdvice} />
          ) : (
            <CoachPanel
              on={coach}
              setOn={setCoach}
              spectator={spectator}
              playing={playing}
              myTurn={myTurn}
              current={advice.current}
              preparing={advice.preparing}
              onShow={showAdvice}
            />
          )}
          <Reactions
            reactions={p.reactions}
            name={(seat) => (seat === null ? 'A spectator' : name(seat))}
            onReact={p.react}
            canReact={true}
          />
        </div>
        <Scoreboard view={view} mine={mine} rating={rating} />
        <SidePanel view={view} name={name} events={play.logged} chat={p.chat} phone={phone} />
      </div>
    </div>
  );
}
