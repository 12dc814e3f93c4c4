/** General conventions: POST + JSON, form encoding, envelopes, datetimes, events. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const S = 'Conventions';
const JSON_BODY =
  'Almost every operation is an HTTP POST with a JSON body, even when the body is empty (send `{}`).';
const FORM = 'Two operations take `application/x-www-form-urlencoded` (see Endpoints).';

export const conventionsClauses = defineClauses([
  documented(
    'CONV-FAMILIES',
    'What the service does',
    'The public API has three families: Project Integration (project API key), Platform (Bearer API token) and RAG chat completions (project API key, OpenAI-style and Anthropic-style wire formats).',
    [
      'The public API has three families:',
      'Project Integration APIs. They use a project API key (prefix `apk-`)',
      'Platform APIs. They use a Bearer API token (prefix `api-v1-`)',
      'RAG chat completion endpoints. They are compatible with two third-party SDK wire formats (an OpenAI-style chat completions API and an Anthropic-style messages API).',
    ],
  ),
  documented(
    'CONV-POST',
    S,
    'Every operation the spec lists is an HTTP POST: each row of its endpoint tables names POST, and the operation answers a POST. What another method gets is not shown (ERR-METHOD-NOT-ALLOWED).',
    JSON_BODY,
  ),
  documented(
    'CONV-JSON-BODY',
    S,
    'Every operation except getSessions and getSessionMessages takes a JSON request body (Content-Type application/json), even when it has no parameters.',
    [JSON_BODY, FORM, 'Unless stated, body is JSON and the success body is the success envelope.'],
  ),
  documented(
    'CONV-EMPTY-BODY-OBJECT',
    S,
    'An operation with no parameters (getOrganizationDetail, getSupportedModels) is called with the JSON body `{}` and succeeds with it.',
    [
      JSON_BODY,
      '| POST /getOrganizationDetail | empty object; organization identified from the token |',
      '| POST /getSupportedModels | empty object |',
    ],
  ),
  documented(
    'CONV-FORM-ENCODED',
    S,
    'getSessions and getSessionMessages take an application/x-www-form-urlencoded body; they are the only two operations that do.',
    [FORM, '| POST /getSessions | form-urlencoded:', '| POST /getSessionMessages | form-urlencoded:'],
  ),
  documented(
    'CONV-HTTP-FRAMING',
    S,
    'By reference to HTTP/1.1 (RFC 9112), which the spec names as the protocol of every operation ("an HTTP POST with a JSON body"): the JSON body is the same body whether it travels with a Content-Length or in the chunked transfer coding (which every HTTP/1.1 recipient must read), and a request is the same request on a fresh connection or on one kept alive after other requests; so a request that differs only in how it travels gets the same answer, on every family (Platform, Project Integration, both RAG endpoints): the same status, envelope type, `total` and ids. Whether a server keeps a connection open is its own choice (HTTP lets it close one).',
    [JSON_BODY, 'Request shape: the native shape of the corresponding provider API'],
  ),
  documented(
    'CONV-SUCCESS-ENVELOPE',
    S,
    'A success body of every Platform and Project Integration operation is a JSON object with `type` = `RXSUCCESS`, `message` (string), an optional `data` and an optional `total`; except getSupportedModels, whose response envelope the spec does not show (MODELS-RESPONSE-SHAPE).',
    [
      'Success envelope: `type` = `RXSUCCESS`, `message` (string), optional `data`, optional `total` (integer, on some lists).',
      'Unless stated, body is JSON and the success body is the success envelope.',
      'Supported model list: the exact shape of the response envelope and of a request: not shown',
    ],
  ),
  documented(
    'CONV-SUCCESS-TOTAL-INTEGER',
    S,
    'When a success envelope carries `total`, it is an integer. getMyProjects and getOrganizationMembers carry it.',
    [
      'optional `total` (integer, on some lists)',
      '| `total` plus data = array of projects |',
      '| `total`; data = object with `organizationMember`',
    ],
  ),
  documented(
    'CONV-ERROR-ENVELOPE',
    S,
    'An answer of a Platform or Project Integration operation that is an error has a JSON object body with `type` = `RXERROR` and `message` (string). Which requests are refused is up to the rules of each operation.',
    'Error envelope: `type` = `RXERROR`, `message` (string).',
  ),
  documented(
    'CONV-MESSAGE-ONLY',
    'Endpoints/Platform',
    'updateChatbot, updateProjectSettings, setProjectUsageLimit and removeProjectUsageLimit succeed with a message-only success envelope: `type` RXSUCCESS and a `message`; no `data` is required.',
    [
      'retention_duration (integer seconds, 0 = forever) | message only |',
      'only included fields change | message only |',
      'each {limit_type string, limit integer}) | message only |',
      '`credits`, `voice_credits`) | message only;',
    ],
  ),
  documented(
    'CONV-BASE-URL',
    S,
    'Operation paths are relative to {base_url}: an operation `/x` is called as POST {base_url}/x.',
    'Paths are relative to {base_url}.',
  ),
  documented(
    'CONV-DATETIME-ISO',
    'Resources',
    'Every datetime field of every resource is an ISO 8601 string, in any of the forms ISO 8601 allows (with or without an offset, reduced precision, fractional seconds).',
    'Datetimes are ISO 8601 strings.',
  ),
  assumed(
    'CONV-DATETIME-PROFILE',
    'Resources',
    'The fake writes every datetime in the ISO 8601 extended format with milliseconds and UTC as `Z` (`2024-01-01T10:00:00.000Z`). The spec says only ISO 8601, which also allows a local time without offset, reduced precision (`2024-01-01T10:00`) and the basic format (`20240101T100000Z`).',
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
