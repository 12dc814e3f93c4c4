/** What came back for one case: the answers read (pipelined requests get several), or why none could be read. */

export interface FuzzResponse {
  status: number;
  /** Lower-case names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  body: Buffer;
}

export interface Exchange {
  responses: FuzzResponse[];
  /** Set when the exchange ended without every answer owed: a reset, a timeout, a close mid-answer. */
  error?: string;
  /** Time from sending to the last answer read, in ms (set by the engine). */
  elapsedMs?: number;
  /** Set when the client refused to send the case at all (a generator bug, not the server's). */
  notSent?: boolean;
}
