/** General conventions: POST + JSON, form encoding, envelopes, datetimes, events. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const S = 'Conventions';

export const conventionsClauses = defineClauses([
  documented(
    'CONV-FAMILIES',
    'What the service does',
    'The public API has three families: Project Integration (project API key), Platform (Bearer API token) and RAG chat completions (project API key, OpenAI-style and Anthropic-style wire formats).',
  ),
  documented('CONV-POST', S, 'Every operation of every family is an HTTP POST.'),
  documented(
    'CONV-JSON-BODY',
    S,
    'Every operation except getSessions and getSessionMessages takes a JSON request body (Content-Type application/json), even when it has no parameters.',
  ),
  documented(
    'CONV-EMPTY-BODY-OBJECT',
    S,
    'An operation with no parameters (getOrganizationDetail, getSupportedModels) is called with the JSON body `{}` and succeeds with it.',
  ),
  documented(
    'CONV-FORM-ENCODED',
    S,
    'getSessions and getSessionMessages take an application/x-www-form-urlencoded body; they are the only two operations that do.',
  ),
  documented(
    'CONV-SUCCESS-ENVELOPE',
    S,
    'A success body of every Platform and Project Integration operation is a JSON object with `type` = `RXSUCCESS`, `message` (string), an optional `data` and an optional `total`.',
  ),
  documented(
    'CONV-SUCCESS-TOTAL-INTEGER',
    S,
    'When a success envelope carries `total`, it is an integer. getMyProjects and getOrganizationMembers carry it.',
  ),
  documented(
    'CONV-ERROR-ENVELOPE',
    S,
    'An error body of every Platform and Project Integration operation is a JSON object with `type` = `RXERROR` and `message` (string).',
  ),
  documented(
    'CONV-MESSAGE-ONLY',
    'Endpoints/Platform',
    'updateChatbot, updateProjectSettings, setProjectUsageLimit and removeProjectUsageLimit succeed with a message-only success envelope: `type` RXSUCCESS and a `message`; no `data` is required.',
  ),
  documented(
    'CONV-BASE-URL',
    S,
    'Operation paths are relative to {base_url}: an operation `/x` is called as POST {base_url}/x.',
  ),
  documented(
    'CONV-DATETIME-ISO',
    'Resources',
    'Every datetime field of every resource is an ISO 8601 string.',
  ),
  assumed(
    'CONV-SUCCESS-200',
    S,
    'Every success of a Platform or Project Integration operation has HTTP status 200, including the operations that create something (inviteOrganizationMember, createSession, createPlaygroundAgentSession).',
  ),
  assumed(
    'CONV-RESPONSE-JSON',
    S,
    'Every response body, success or error (including 404, 405, 413, 415 and 429), is JSON with Content-Type application/json.',
  ),
  assumed(
    'CONV-NO-EXTRA-FIELDS',
    'Resources',
    'A success answer carries only the fields the spec shows (and the fake’s stated choices for what it does not show): no other member in the envelope nor in any object of `data`, and a message-only success has no `data`.',
  ),
  assumed(
    'CONV-CONTENT-TYPE-PARAMS',
    S,
    'Media-type parameters and case are ignored when matching the request Content-Type: `application/json; charset=utf-8` counts as application/json and `application/x-www-form-urlencoded; charset=UTF-8` as form.',
  ),
  assumed(
    'CONV-PATH-MATCHING',
    S,
    'Operation paths are matched as the fake routes them: case-insensitively and with an optional trailing slash; the same matching decides 405 (known path, other method) versus 404 (unknown path).',
  ),
  assumed(
    'EVENTS-NONE',
    'Events',
    'Events are not shown: the fake emits no webhooks or notifications; the only side channel is the invitation email, recorded in its outbox (INVITE-OUTBOX).',
  ),
]);
