/**
 * The documented clauses a success answer of each Platform and Project Integration operation rests on, by where in
 * the body a misfit lies (issue 39, "one defect, one red"): a misfit of the envelope reds CONV-SUCCESS-ENVELOPE, a
 * `total` that is not an integer CONV-SUCCESS-TOTAL-INTEGER, a missing `total` the operation's own answer clause, and
 * a misfit inside `data` the clause of the resource it lies in (the deepest pattern that matches the misfit's path).
 * The suites read answers through these (expectSuccess in suites/support/envelope.ts), so a server with one wrong
 * field turns that field's clause red once, not the clause of every test that read such an answer.
 */
import type { integrationOperations, platformOperations } from './operations.js';

/** A path pattern in the body (`*` matches any key or index) and the clause a misfit under it breaks. */
export type ClauseAt = readonly [path: readonly string[], clause: string];

export interface ResponseClauses {
  /** `total` missing where the operation documents it. */
  readonly totalPresent?: string;
  /** Where in `data` a misfit lies, and the clause it breaks; the deepest matching pattern wins. */
  readonly data: readonly ClauseAt[];
}

/** `type` RXSUCCESS and a string `message`. */
export const SUCCESS_ENVELOPE_CLAUSE = 'CONV-SUCCESS-ENVELOPE';
/** `total`, when present, is an integer. */
export const TOTAL_INTEGER_CLAUSE = 'CONV-SUCCESS-TOTAL-INTEGER';
/** `type` RXERROR and a string `message`. */
export const ERROR_ENVELOPE_CLAUSE = 'CONV-ERROR-ENVELOPE';

type Id = (typeof platformOperations)[number]['id'] | (typeof integrationOperations)[number]['id'];

const list = (array: string, item: string): readonly ClauseAt[] => [
  [['data'], array],
  [['data', '*'], item],
];
const messageOnly = { data: [[['data'], 'CONV-MESSAGE-ONLY']] } as const;

export const responseClauses: Readonly<Record<Id, ResponseClauses>> = {
  getMyProjects: {
    totalPresent: 'PROJECTS-RESPONSE-TOTAL',
    data: list('PROJECTS-RESPONSE-TOTAL', 'RES-PROJECT-SHAPE'),
  },
  getOrganizationDetail: { data: [[['data'], 'RES-ORGANIZATION-SHAPE']] },
  getOrganizationMembers: {
    totalPresent: 'MEMBERS-RESPONSE-SHAPE',
    data: [
      [['data'], 'MEMBERS-RESPONSE-SHAPE'],
      [['data', 'organizationMember', '*'], 'RES-ORGANIZATION-MEMBER-SHAPE'],
      [['data', 'invitations', '*'], 'RES-INVITATION-SHAPE'],
    ],
  },
  inviteOrganizationMember: { data: [[['data'], 'RES-INVITATION-SHAPE']] },
  updateChatbot: messageOnly,
  updateProjectSettings: messageOnly,
  getProjectUsageLimit: {
    data: [
      [['data'], 'USAGE-LIMIT-GET-SHAPE'],
      [['data', '*', '*'], 'RES-USAGE-LIMIT-SHAPE'],
    ],
  },
  setProjectUsageLimit: messageOnly,
  removeProjectUsageLimit: messageOnly,
  getStats: { data: list('STATS-DATA-ARRAY', 'RES-STATS-RECORD-SHAPE') },
  getSessions: { data: list('SESSIONS-DATA-ARRAY', 'RES-SESSION-SHAPE') },
  getSessionMessages: { data: list('SESSION-MESSAGES-DATA-ARRAY', 'RES-SESSION-MESSAGE-SHAPE') },
  createPlaygroundAgentSession: { data: [[['data'], 'RES-PLAYGROUND-SESSION-SHAPE']] },
  playgroundAgentResponse: { data: [[['data'], 'PLAYGROUND-RESPONSE-SHAPE']] },
  searchIndexDocument: { data: [[['data'], 'SEARCH-BEARER-DATA-ARRAY']] },
  getSupportedModels: { data: [[['data'], 'RES-SUPPORTED-MODEL-SHAPE']] },
  createSession: { data: [[['data'], 'SESSION-CREATE-UID-STRING']] },
  sendMessage: { data: [[['data'], 'SEND-MESSAGE-RESPONSE']] },
  getChatbotExecutionLogs: { data: list('EXEC-LOGS-DATA-ARRAY', 'RES-EXECUTION-LOG-SHAPE') },
  searchIndexDocumentByProjectKey: { data: list('SEARCH-KEY-DATA-ARRAY', 'RES-KB-CHUNK-SHAPE') },
};

const matches = (pattern: readonly string[], path: readonly PropertyKey[]): boolean =>
  pattern.length <= path.length && pattern.every((p, i) => p === '*' || p === String(path[i]));

/** The clause a misfit at `path` (a zod issue path from the body's root) of `operationId`'s answer breaks. */
export function clauseAt(operationId: string, path: readonly PropertyKey[]): string {
  if (path[0] === 'total') return TOTAL_INTEGER_CLAUSE;
  if (path[0] !== 'data') return SUCCESS_ENVELOPE_CLAUSE;
  const clauses = responseClauses[operationId as Id]?.data ?? [];
  let best: ClauseAt | undefined;
  for (const entry of clauses)
    if (matches(entry[0], path) && (!best || entry[0].length > best[0].length)) best = entry;
  return best?.[1] ?? SUCCESS_ENVELOPE_CLAUSE;
}
