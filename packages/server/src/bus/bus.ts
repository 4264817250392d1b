import type { GameEvent } from '@zilch/engine';

/** What processes tell each other about games. */
export type BusMessage =
  | {
      type: 'update';
      gameId: string;
      version: number;
      seq: number;
      events: GameEvent[];
    }
  | {
      type: 'presence';
      gameId: string;
      node: string;
      seats: number[];
      /** A periodic re-announcement, not a change. */
      repeat?: boolean;
    }
  | {
      /** A draining process handed these games' bots and timers back: take them up now. */
      type: 'released';
      node: string;
      gameIds: string[];
    };

/** Fan-out of game changes to every part of every process that cares. */
export interface Bus {
  /** Delivers to this process's subscribers at once and to other processes (if any). */
  publish(msg: BusMessage): void;
  /** `remote` is true for messages that came from another process. */
  subscribe(handler: (msg: BusMessage, remote: boolean) => void): void;
}

/** Transport to the other processes; the local bus has none. */
export interface RemoteLink {
  send(msg: BusMessage): void;
  onMessage(handler: (msg: BusMessage) => void): void;
}

/** A bus: in-process delivery, plus a remote link when several processes share the games. */
export function createBus(remote: RemoteLink | null): Bus {
  const handlers: ((msg: BusMessage, remote: boolean) => void)[] = [];
  const deliver = (msg: BusMessage, fromRemote: boolean): void => {
    for (const h of handlers) h(msg, fromRemote);
  };
  remote?.onMessage((m) => deliver(m, true));
  return {
    publish(msg) {
      deliver(msg, false);
      remote?.send(msg);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
  };
}
