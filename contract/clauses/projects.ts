/** The project resource, getMyProjects, updateChatbot and retention. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const P = 'Endpoints/Platform';
const R = 'Resources/Project';

/** Passages of the spec several clauses rest on; the message it names for a bad request body. */
const ORDER_BY = 'orderBy (`ASC`/`DESC` by project id, default ASC)';
const CHATBOT_ROW =
  'POST /updateChatbot | project_uid (string, required), name (string), retention_duration (integer seconds, 0 = forever)';
const RETENTION =
  '`retention_duration` (integer, seconds): how long conversation history is kept before automatic deletion.';
const INVALID_PARAMS = '`Invalid params` (bad request body)';

export const projectClauses = defineClauses([
  documented(
    'RES-PROJECT-SHAPE',
    R,
    'A project has id, organization_id, app_id (integers), name, project_uid, purpose (strings), createdAt, updatedAt (datetimes), organization {id integer, name string, role string}, ProjectMembers (array of {user_id integer, role string}) and integration_setting {id integer, project_id integer, widget_uid string}.',
    [
      '| id | integer | | | organization_id | integer | | | name | string | | | app_id | integer | |',
      '| project_uid | string | Identifier used by project-level operations. | | purpose | string | | | createdAt, updatedAt | datetime | |',
      '| organization | object | id (integer), name (string), role (string). |',
      '| ProjectMembers | array | items: user_id (integer), role (string). |',
      '| integration_setting | object | id (integer), project_id (integer), widget_uid (string). |',
    ],
  ),
  documented(
    'PROJECT-UID-IDENTIFIES',
    R,
    'project_uid is the identifier that project-level operations take.',
    '| project_uid | string | Identifier used by project-level operations. |',
  ),
  assumed(
    'PROJECT-UID-REPRESENTATIONS',
    P,
    'A project_uid that is not a non-empty string (a number, null, the empty string) gets 400 `Invalid params`, as a missing one does. The spec types project_uid as a required string, not how a server reads another representation of it (it might look the value up and answer as for an unknown project).',
  ),
  assumed(
    'RES-PROJECT-APP-ID-PURPOSE',
    R,
    'The meaning of app_id and purpose is not shown: the fake fills them from its seed (an integer and a free string) and suites check only their types.',
  ),
  assumed(
    'PROJECT-ORGANIZATION-ROLE',
    R,
    "A project's `organization.role` is the token creator's current role in that organization.",
  ),

  // getMyProjects
  documented(
    'PROJECTS-ALL-OPTIONAL',
    P,
    'Every getMyProjects field is optional: `{}` is a valid body.',
    'POST /getMyProjects | all optional: search (string, partial name match)',
  ),
  documented(
    'PROJECTS-RESPONSE-TOTAL',
    P,
    'getMyProjects succeeds with `total` (integer) and data = array of projects.',
    ['`total` plus data = array of projects', '`total` (integer, on some lists)'],
  ),
  documented(
    'PROJECTS-SEARCH-PARTIAL-NAME',
    P,
    'search keeps only projects whose name contains it (partial name match).',
    'search (string, partial name match)',
  ),
  assumed(
    'PROJECTS-SEARCH-CASE-INSENSITIVE',
    P,
    'search matches a case-insensitive substring of the project name; an empty search matches every project.',
  ),
  documented(
    'PROJECTS-LIMIT-DEFAULT-100',
    P,
    'Without limit, getMyProjects returns at most 100 projects per page.',
    'search (string, partial name match), limit (integer, default 100)',
  ),
  assumed(
    'PROJECTS-LIMIT-MAX',
    P,
    'getMyProjects limit is an integer from 1 to 1000; any other value gets Invalid params.',
  ),
  documented(
    'PROJECTS-PAGE-DEFAULT-1',
    P,
    'Without page, getMyProjects returns page 1.',
    'limit (integer, default 100), page (integer, default 1)',
  ),
  documented(
    'PROJECTS-ORDERBY-VALUES',
    P,
    'getMyProjects orderBy is `ASC` or `DESC` and orders by project id; another string outside the two (e.g. `RANDOM`) gets the message `Invalid params`.',
    [ORDER_BY, INVALID_PARAMS],
  ),
  assumed(
    'PROJECTS-INPUT-REPRESENTATIONS',
    P,
    "getMyProjects reads its fields exactly: orderBy in another case (`asc`, `desc`), with surrounding white space or empty, and search, limit, page or orderBy as a JSON value of another type (a number for a string, a numeric string, a fraction, a boolean, null, an array, an object) get 400 `Invalid params`. The spec gives the fields' types and the two orderBy values, not how a server reads other representations of them (it might fold case, coerce, or read the field as not given).",
  ),
  documented(
    'PROJECTS-ORDERBY-DEFAULT-ASC',
    P,
    'Without orderBy, getMyProjects lists projects by ascending id.',
    ORDER_BY,
  ),
  assumed(
    'PROJECTS-TOTAL-ALL-PAGES',
    P,
    'getMyProjects `total` counts every project that matches the search and scope filters, not only the returned page.',
  ),
  assumed(
    'PROJECTS-SCOPE-FILTER',
    P,
    "getMyProjects lists only projects inside the token's scope whose ProjectMembers include the token creator (organization owners are added to every new project by default, so they usually see all of them).",
  ),
  assumed(
    'PAGING-SEMANTICS',
    'Endpoints',
    'On every paged list, page p with limit l returns the items at positions (p-1)·l to p·l-1 of the ordered, filtered list.',
  ),
  assumed(
    'PAGING-PAGE-MIN-1',
    'Endpoints',
    'On every paged list, page is an integer of at least 1; 0, negatives and non-integers get Invalid params.',
  ),
  assumed(
    'PAGING-LIMIT-MIN-1',
    'Endpoints',
    'Where the spec gives no minimum (getMyProjects, getOrganizationMembers, getChatbotExecutionLogs), limit is an integer of at least 1; 0, negatives and non-integers get Invalid params.',
  ),
  assumed(
    'PAGING-PAGE-PAST-END',
    'Endpoints',
    'A page past the end of a paged list returns an empty data array with the same `total` (where the list carries one).',
  ),

  // updateChatbot
  documented(
    'UPDATECHATBOT-PROJECT-UID-REQUIRED',
    P,
    'updateChatbot requires project_uid (a string); a body without it gets the message `Invalid params`.',
    ['POST /updateChatbot | project_uid (string, required)', INVALID_PARAMS],
  ),
  documented(
    'UPDATECHATBOT-NAME',
    P,
    'updateChatbot with name renames the project: getMyProjects then reports the new name.',
    CHATBOT_ROW,
  ),
  assumed(
    'UPDATECHATBOT-PARTIAL',
    P,
    'updateChatbot changes only the fields it is given: a rename keeps the retention and a retention change keeps the name. The spec says "only included fields change" of updateProjectSettings, not of updateChatbot.',
  ),
  assumed(
    'UPDATECHATBOT-UPDATEDAT',
    P,
    "An updateChatbot that changes the name or the retention moves the project's updatedAt to the time of the change; createdAt stays. What updatedAt tracks is not shown.",
  ),
  assumed(
    'UPDATECHATBOT-NAME-NONEMPTY',
    P,
    'updateChatbot name is trimmed and must then be 1 to 200 characters; an empty or blank name gets Invalid params.',
  ),
  documented(
    'UPDATECHATBOT-RETENTION',
    P,
    'updateChatbot with retention_duration (integer seconds) sets the project retention.',
    CHATBOT_ROW,
  ),
  documented(
    'UPDATECHATBOT-MESSAGE-ONLY',
    P,
    'updateChatbot succeeds with a message-only success envelope.',
    'retention_duration (integer seconds, 0 = forever) | message only |',
  ),
  assumed(
    'UPDATECHATBOT-NO-FIELDS',
    P,
    'updateChatbot with only project_uid succeeds and changes nothing (name, retention and updatedAt stay as they were).',
  ),
  assumed(
    'UPDATECHATBOT-ATOMIC',
    P,
    'An updateChatbot request with any invalid field gets Invalid params and changes nothing, not even its valid fields.',
  ),

  // retention
  documented(
    'RETENTION-SECONDS',
    'Resources/Project retention',
    'retention_duration is an integer number of seconds for which conversation history is kept before automatic deletion.',
    RETENTION,
  ),
  documented(
    'RETENTION-ZERO-FOREVER',
    'Resources/Project retention',
    'retention_duration 0, or unset, keeps conversation history forever.',
    ['0 or unset means keep forever.', 'retention_duration | seconds; 0 = forever |'],
  ),
  documented(
    'RETENTION-AUTO-DELETE',
    'Resources/Project retention',
    'With retention_duration > 0, conversation history older than that many seconds is deleted automatically.',
    RETENTION,
  ),
  assumed(
    'RETENTION-NONNEGATIVE',
    'Resources/Project retention',
    'A negative or non-integer retention_duration gets Invalid params.',
  ),
  assumed(
    'RETENTION-AGE-FROM-LAST-ACTIVITY',
    'Resources/Project retention',
    'A session (with its messages) is deleted once the time since its last activity (last_message_time, else created_at) exceeds retention_duration; it then no longer appears in getSessions and getSessionMessages answers 404 `Session not found`.',
  ),
]);
