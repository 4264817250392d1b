/** Room of everyone at a game; rooms per seat and for spectators carry the views meant for them. */
export const rooms = {
  all: (id: string) => `g:${id}`,
  seat: (id: string, seat: number) => `g:${id}:s:${seat}`,
  spectators: (id: string) => `g:${id}:spec`,
  /** Watchers of a tournament (its page). */
  tournament: (id: string) => `tour:${id}`,
};
