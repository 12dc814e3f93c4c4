/** The API token resource (platform) and its lifecycle. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const R = 'Resources/API token';
const T = 'States/API token';
const INVALID = '`Invalid or revoked API token`';

/** The Errors table's 401 row: every invalid token, and the message seen. */
const ROW_401 =
  '| 401 | Token invalid, expired, deactivated, revoked, or creator removed | Invalid or revoked API token';
const PREFIX = 'The token value carries the prefix `api-v1-`.';

export const tokenClauses = defineClauses([
  documented('TOKEN-PREFIX', R, 'Every API token value starts with `api-v1-`.', PREFIX),
  documented(
    'TOKEN-DISPLAYED-ONCE',
    'Authentication',
    'A token value is displayed once, at creation in the dashboard; no public API response ever contains a token value.',
    'are created in the dashboard (Settings, API Tokens) and are displayed once at creation.',
  ),
  documented(
    'TOKEN-CREATED-IN-DASHBOARD',
    'Authentication',
    'Tokens are created in the dashboard (Settings, API Tokens), not through the public API: none of the operations the spec lists creates or changes a token.',
    'Tokens start with `api-v1-`, are created in the dashboard (Settings, API Tokens)',
  ),
  assumed(
    'TOKEN-NAME-NOT-SHOWN',
    'Authentication',
    "No public answer carries a token's name: the spec lists no operation that shows tokens and no resource with a token field, but a server may still echo one in a member the spec does not show; the fake never does.",
  ),
  documented(
    'TOKEN-NAME',
    R,
    'A token has a name, a label for the token that does not affect access.',
    '| Name | Label for the token. |',
  ),
  documented(
    'TOKEN-ROLE-VALUES',
    R,
    'The access role of a token is one of Owner, Editor, Viewer (or absent).',
    [
      '| Access Role | Broad role: Owner, Editor, Viewer. |',
      'At least one of access role or fine-grained permissions must be configured.',
    ],
  ),
  documented(
    'TOKEN-SCOPE-VALUES',
    R,
    'A token has a project scope reported as `scope_type`, `all` or `selected`; `selected` names the projects chosen at creation.',
    '| Project scope | `all` (all current and future projects) or `selected` (specific projects chosen at creation). Reported as `scope_type` with values `all` / `selected`. |',
  ),
  documented(
    'TOKEN-SCOPE-ALL-FUTURE',
    R,
    'Scope `all` covers all current and future projects: a project created after the token is within its scope.',
    'Scope `all` covers all current and future projects',
  ),
  documented(
    'TOKEN-SCOPE-SELECTED',
    R,
    'Scope `selected` covers only the projects chosen at creation; any other project, including one created later, is outside the scope.',
    ['`selected` (specific projects chosen at creation)', '`selected` covers chosen projects.'],
  ),
  documented(
    'TOKEN-FINE-GRAINED-PAIRS',
    R,
    'Fine-grained permissions are an optional set of (module, action) pairs; the action is Read or Write.',
    '| Fine-grained permissions | Optional set of (module, action) pairs; action is Read or Write. |',
  ),
  documented(
    'TOKEN-EXPIRATION-OPTIONS',
    R,
    'Expiration is 7, 30, 60 or 90 days, custom, or none.',
    '| Expiration | 7, 30, 60, 90 days, custom, or none. |',
  ),
  documented(
    'TOKEN-ROLE-OR-PERMISSIONS-REQUIRED',
    R,
    'A token has an access role, fine-grained permissions, or both; a token with neither cannot be created.',
    'At least one of access role or fine-grained permissions must be configured.',
  ),
  documented(
    'TOKEN-INVALID-401',
    'Errors',
    `A Bearer value that names no token gets 401 ${INVALID}.`,
    ROW_401,
  ),
  assumed(
    'TOKEN-VALUE-EXACT',
    'Errors',
    `A token value is compared exactly, case included: a valid value written in another case (\`API-V1-…\`, upper-cased) names no token and gets 401 ${INVALID}. The spec gives the prefix in lower case but not how a server compares values (a case-insensitive store would accept it).`,
  ),
  documented(
    'TOKEN-DEACTIVATE',
    T,
    'Deactivate moves an active token to deactivated.',
    '| active | Deactivate | | deactivated | Can be reactivated at any time. |',
  ),
  documented(
    'TOKEN-DEACTIVATED-401',
    T,
    `A deactivated token gets 401 ${INVALID} on every Platform request.`,
    ROW_401,
  ),
  documented(
    'TOKEN-REACTIVATE',
    T,
    'Reactivate moves a deactivated token back to active at any time; the same value then works again with its configuration unchanged.',
    ['| deactivated | Reactivate | | active | |', 'Can be reactivated at any time.'],
  ),
  documented(
    'TOKEN-REGENERATE-NEW-VALUE',
    T,
    'Regenerate on an active token yields a new value (also starting with `api-v1-`, different from the old one) with the same configuration: name, role, scope and permissions; the token stays active.',
    [
      '| active | Regenerate | | active | New value with the same configuration; old value stops immediately. |',
      PREFIX,
    ],
  ),
  documented(
    'TOKEN-REGENERATE-OLD-DIES',
    T,
    `After Regenerate the old value stops working immediately: its next request gets 401 ${INVALID}.`,
    ['New value with the same configuration; old value stops immediately.', ROW_401],
  ),
  documented(
    'TOKEN-REVOKE',
    T,
    `Revoke deletes an active token permanently; its requests then get 401 ${INVALID}.`,
    ['| active | Revoke | | deleted | Permanent. |', ROW_401],
  ),
  documented(
    'TOKEN-EXPIRED-401',
    T,
    'A token with an expiration gets 401 on every request once its expiry is reached.',
    '| active | expiry reached | expiration configured | expired | Requests get 401. |',
  ),
  documented(
    'TOKEN-NO-EXPIRY',
    R,
    'A token whose expiration is none never expires, however much time passes.',
    [
      '| Expiration | 7, 30, 60, 90 days, custom, or none. |',
      '| active | expiry reached | expiration configured | expired |',
    ],
  ),
  documented(
    'TOKEN-CREATOR-REMOVED-401',
    T,
    'When the token creator is removed from the organization, the token becomes unusable: every request gets 401.',
    '| active | creator removed from the organization | | unusable | Requests get 401. |',
  ),
  documented(
    'TOKEN-CREATOR-REMOVED-MESSAGE-GIST',
    'Errors',
    'The 401 for a token whose creator left the organization carries an inactive-token message naming that the creator is no longer a member, not the generic invalid-token message. The spec describes that message without quoting it, so only what any faithful wording must contain is required: it speaks of membership (`member`).',
    'for a token whose creator left: inactive token message naming that the creator is no longer a member',
  ),
  assumed('TOKEN-EXPIRY-MESSAGE', T, `An expired token gets 401 with message ${INVALID}.`),
  assumed(
    'TOKEN-EXPIRY-INSTANT',
    T,
    'A token created at t with a preset of N days expires at t + N×24h (a custom expiry at the instant given); a request at or after that instant gets 401, one before it does not.',
  ),
  assumed(
    'TOKEN-REGENERATE-KEEPS-EXPIRY',
    T,
    'Regenerate keeps the token expiry date: the new value expires when the old one would have.',
  ),
  assumed(
    'TOKEN-REVOKED-PERMANENT',
    T,
    `A revoked token cannot be reactivated or regenerated; it keeps getting 401 ${INVALID}.`,
  ),
  assumed(
    'TOKEN-TRANSITION-GUARDS',
    T,
    'Only the transitions of the state table are accepted: deactivate and regenerate on an active token (not expired, its creator still a member of the organization), reactivate on a deactivated token (whether or not its expiry has passed meanwhile; an expired one stays 401), revoke on any token not yet revoked (active, deactivated, expired or unusable). Any other action is refused (the control API answers 409; 404 once revoked) and changes nothing.',
  ),
  assumed(
    'TOKEN-CREATOR-REMOVED-MESSAGE',
    'Errors',
    'A token whose creator is no longer a member gets 401 with message `Inactive token: the token creator is no longer a member of the organization` (the spec describes the message, it does not quote it).',
  ),
]);
