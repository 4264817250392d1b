// Tournaments over /api/account/tournaments, and the socket notices that keep a page current.
import type {
  ClientToServerEvents,
  ServerToClientEvents,
  Tournament,
  TournamentBody,
  TournamentHistory,
  TournamentLobby,
  TournamentSeat,
  TournamentTables,
} from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { call } from './http.ts';
import type { Result } from './result.ts';
import { holdSeat } from './storage.ts';

const BASE = '/api/account/tournaments';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** Open, running and recently finished tournaments. */
export const tournamentLobby = () => call<TournamentLobby>('GET', BASE);

/** Creates a tournament (you are its first entrant). */
export const createTournament = (body: TournamentBody) => call<Tournament>('POST', BASE, body);

/** One tournament in full. */
const tournament = (id: string) => call<Tournament>('GET', one(id));

/** join, leave, or (the creator) start now or cancel before the start. */
export const tournamentAction = (id: string, act: 'join' | 'leave' | 'start' | 'cancel') =>
  call<Tournament>('POST', `${one(id)}/${act}`);

/** Your tournament games in play now (the header's notice). */
export const tournamentTables = () => call<TournamentTables>('GET', `${BASE}/tables`);

/** A player's tournaments with the place in each. */
export const tournamentHistory = (userId: string) =>
  call<TournamentHistory>('GET', `${BASE}/player/${encodeURIComponent(userId)}`);

/** Takes your seat at your current tournament table: the seat is held on this device. */
export async function takeTournamentSeat(id: string): Promise<Result<TournamentSeat>> {
  const r = await call<TournamentSeat>('POST', `${one(id)}/seat`);
  if (r.ok) holdSeat(r.value.gameId, r.value.seat, r.value.token);
  return r;
}

/**
 * One tournament, fetched again whenever the server says it changed (socket `tournament`
 * notices: a round paired, a game over, the end), and when the socket (re)connects.
 */
export function useTournament(id: string): {
  data: Tournament | null;
  error: string | null;
  reload: () => Promise<void>;
} {
  const [data, setData] = useState<Tournament | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = async () => {
    const r = await tournament(id);
    if (r.ok) {
      setData(r.value);
      setError(null);
    } else setError(r.error.message);
  };
  useEffect(() => {
    void reload();
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
      path: '/socket.io',
      transports: ['websocket', 'polling'],
    });
    socket.on('connect', () => {
      void socket
        .timeout(8000)
        .emitWithAck('watchTournament', { id })
        .catch(() => undefined);
      void reload();
    });
    socket.on('tournament', (n) => {
      if (n.id === id) void reload();
    });
    return () => {
      socket.disconnect();
    };
  }, [id]);
  return { data, error, reload };
}
