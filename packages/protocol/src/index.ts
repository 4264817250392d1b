// The wire contract between the server and every client: schemas and the types they infer.
export * from './errors.ts';
export * from './bots.ts';
export * from './moves.ts';
export * from './game-state.ts';
export * from './game-view.ts';
export * from './http.ts';
export * from './socket.ts';
export * from './fairness.ts';
export * from './account.ts';
export * from './chat.ts';
export {
  CHAT_BURST,
  CHAT_HISTORY,
  CHAT_MAX_GRAPHEMES,
  CHAT_REFILL_SECONDS,
  NAME_MAX_MARKS,
  normaliseChat,
} from './text.ts';
export * from './push.ts';
export * from './match.ts';
export * from './social.ts';
export * from './tournaments.ts';
export * from './ratings.ts';
export * from './analysis.ts';
export * from './practice.ts';
export * from './puzzles.ts';
export * from './botapi.ts';
