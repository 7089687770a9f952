// A venue's standing conventions for the pair judge, from its descriptor (src/venues/<code>/index.ts,
// field \`matching\`): data about the venue, not branches in the judge.
import { VENUES } from '../venues/index.js';

const GAME_CLOSE_LAG = new Map<string, number>(VENUES.map((v) => [v.code as string, v.matching?.gameCloseLagDays ?? 0]));

/** Days after a game the venue closes a market on it (0: at the game, or an unknown venue). */
export function gameCloseLagDays(exchange: string): number {
  return GAME_CLOSE_LAG.get(exchange) ?? 0;
}
