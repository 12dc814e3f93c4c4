/**
 * Clauses on the fake's concurrency (issue 7). The spec says nothing about concurrent requests nor about sequences
 * of operations as a whole, so every clause here is assumed: what a user of such a service expects, written down.
 */
import type { Clause } from './clause.js';
import { assumed } from './define.js';

const K = 'Endpoints/Project Integration';
const P = 'Endpoints/Platform';
const T = 'States/API token';

export const concurrencyClauses: readonly Clause[] = [
  assumed(
    'CONC-SEND-MESSAGE-NOTHING-LOST',
    K,
    'Concurrency is not shown. sendMessage requests sent at the same time on one session are all answered; each one acknowledged (200) is stored exactly once in that session, its visitor message and its reply (the text the response carried, send_by `assistant`): getSessionMessages lists no acknowledged turn twice, loses none, lists nothing that was not sent, and nothing in another session.',
  ),
  assumed(
    'CONC-SEND-MESSAGE-ORDER',
    K,
    "Concurrency is not shown. After concurrent sendMessage requests, getSessionMessages gives one consistent order: ids strictly increase and createdAt never decreases along the ASC list, each reply comes after its own visitor message, every read gives the same order, DESC is ASC reversed, and pages of any size concatenate to the whole list without skipping or repeating a message; the session's last_message is the last message of that order.",
  ),
  assumed(
    'CONC-SEND-MESSAGE-TURN-ATOMIC',
    K,
    'How concurrent turns interleave is not shown: in the fake a turn is atomic, so the reply of a sendMessage immediately follows its visitor message in the session, even when other sendMessage requests run at the same time.',
  ),
  assumed(
    'CONC-TOKEN-LIFECYCLE-SERIALIZABLE',
    T,
    'Concurrency is not shown. Lifecycle actions (deactivate, reactivate, regenerate, revoke), expiry reached by the clock, removal of the creator, and requests made with the token, all sent at the same time, behave as if they ran one at a time in some order: there is one serial order of them in which each accepted action is allowed by the state table (TOKEN-TRANSITION-GUARDS) and answers the state and value it leaves, each refused action is refused because of the state the earlier ones left, each request with the token succeeds or gets 401 as the token stood at its turn, and the final state and value are what that order leaves.',
  ),
  assumed(
    'CONC-USAGE-LIMITS-SERIALIZABLE',
    P,
    'Concurrency is not shown. setProjectUsageLimit, removeProjectUsageLimit and getProjectUsageLimit on one project or on several projects of one organization, sent at the same time (together with changes of usage and of the plan where the target lets a test make them), behave as if they ran one at a time in some order: each request is accepted or refused, and each read reports, as the rules of the usage limits decide in the state the earlier ones left, and the limits finally reported are what that order leaves.',
  ),
  assumed(
    'MODEL-SETTINGS',
    'Resources/Project AI settings',
    'Over any sequence of updateProjectSettings (valid and invalid values, tokens of each role and a fine-grained token), setProjectUsageLimit, removeProjectUsageLimit, getProjectUsageLimit and changes of document usage, every answer (status, message, data) and the saved AI settings equal those of a small reference model written from the spec and the assumed clauses it names (SET-*, USAGE-LIMIT-*, AUTH-CHECK-ORDER).',
  ),
  assumed(
    'MODEL-TOKENS',
    T,
    'Over any sequence of token creations (roles owner, editor, viewer; scope all or selected; expiry none or 7 days), lifecycle actions on any of them, clock steps, removal of a creator from the organization, requests made with current and former token values, and listings of the tokens, every answer and the listing equal those of a small reference model of the token state table (TOKEN-*, AUTH-* clauses).',
  ),
  assumed(
    'MODEL-SESSIONS',
    'States/Session',
    'Over any sequence of createSession, sendMessage (to open, resolved, closed and unknown sessions), getSessionMessages and getSessions pages in either order, and clock steps, every answer equals that of a small reference model of widget sessions: their messages in order, their status after inactivity (SESSION-AUTO-*, SESSION-CLOSED-SENDMESSAGE, SESSION-RESOLVED-STATUS-VALUE) and the paging of both lists.',
  ),
  assumed(
    'MODEL-RATE-COUNTERS',
    'Limits',
    'Over any sequence of bursts of project-key searches on two projects and steps of the virtual clock (some exactly to the end of a window, or 1 ms before it), each request is admitted or gets 429 exactly as a reference counter of fixed one-hour windows per project predicts (100 a window, RATE-SEARCH-KEY-100, RATE-SEARCH-KEY-SCOPE, RATE-WINDOW-FIXED-HOUR), the X-RateLimit headers agree with it (RATE-HEADERS), and so does the count the control API shows for each project.',
  ),
];
