/** Knowledgebase search: the project-key variant and the Bearer variant. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const K = 'Endpoints/Project Integration';
const P = 'Endpoints/Platform';
/** The spec names `Invalid params` for a bad request body (Errors). */
const INVALID_PARAMS_QUOTE = 'Other messages: `Invalid params` (bad request body)';
const KEY_SEARCH_ROW =
  '| POST /searchIndexDocument | key | query (string, required), limit (integer, required, default 10, max 100), offset (integer, default 0) | array of knowledgebase chunks |';
const BEARER_SEARCH_ROW =
  '| POST /searchIndexDocument | project_uid (string, required), query (string, required, max 5000 chars), limit (integer, required, 1-100), offset (integer >= 0), node_id (string, restrict to one document node) | data = array of chunks |';

export const knowledgebaseClauses = defineClauses([
  assumed(
    'KB-RANKING-RELEVANT',
    'Endpoints/Knowledgebase',
    'Ranking is not shown: search ranks chunks by full-text relevance (BM25-style, title boosted, prefix and light fuzzy matching, English stop words ignored), so a query on a distinctive topic of one document returns a chunk of that document first.',
  ),
  assumed(
    'KB-CHUNKING',
    'Endpoints/Knowledgebase',
    'Chunking is not shown: the fake splits each document into chunks of at most about 800 characters on paragraph and sentence boundaries, never inside a word, keeping every word in order.',
  ),
  assumed(
    'KB-FIXTURES',
    'Endpoints/Knowledgebase',
    'The default fixtures give each seeded project 5 to 7 knowledgebase documents, files and webpages, with deterministic doc ids.',
  ),
  documented(
    'RES-KB-CHUNK-SHAPE',
    'Resources/Knowledgebase chunk',
    'A knowledgebase chunk from the project-key search is {point_id string, doc_id string, score number, content string}.',
    'point_id (string), doc_id (string), score (number), content (string).',
  ),
  assumed(
    'RES-KB-CHUNK-NONEMPTY',
    'Resources/Knowledgebase chunk',
    'A chunk has a non-empty point_id, doc_id and content, and one result list never holds the same point twice; the spec gives only the field types.',
  ),

  // Project-key variant
  documented(
    'SEARCH-KEY-QUERY-REQUIRED',
    K,
    'Project-key searchIndexDocument requires query (string); without it: Invalid params.',
    [KEY_SEARCH_ROW, INVALID_PARAMS_QUOTE],
  ),
  assumed(
    'SEARCH-KEY-QUERY-LENGTH',
    K,
    'Project-key searchIndexDocument query is 1 to 5000 characters, like the Bearer variant; otherwise Invalid params.',
  ),
  documented(
    'SEARCH-KEY-LIMIT-DEFAULT-10',
    K,
    'Without limit, project-key search returns at most 10 chunks, as with limit 10 (a server may instead refuse a body without limit, which the spec also calls required: SEARCH-KEY-LIMIT-OPTIONAL).',
    'limit (integer, required, default 10, max 100)',
  ),
  documented(
    'SEARCH-KEY-LIMIT-MAX-100',
    'Limits',
    'Project-key search limit is at most 100; an integer above 100 (101) is refused with Invalid params.',
    [
      'limit (integer, required, default 10, max 100)',
      '| search limit | max 100 (project-key) ; 1-100 (bearer) |',
      INVALID_PARAMS_QUOTE,
    ],
  ),
  assumed(
    'SEARCH-KEY-LIMIT-OPTIONAL',
    K,
    'Project-key search accepts a missing limit and uses 10 (the spec calls limit required yet gives it a default).',
  ),
  assumed('SEARCH-KEY-LIMIT-MIN-1', K, 'Project-key search limit is at least 1; 0 gets Invalid params.'),
  documented(
    'SEARCH-KEY-OFFSET-DEFAULT-0',
    K,
    'Without offset, project-key search starts at the first result: it answers as with offset 0.',
    'offset (integer, default 0) | array of knowledgebase chunks |',
  ),
  documented(
    'SEARCH-KEY-DATA-ARRAY',
    K,
    'Project-key search data is an array of knowledgebase chunks.',
    KEY_SEARCH_ROW,
  ),
  documented(
    'SEARCH-KEY-PROJECT',
    K,
    "Project-key search searches the knowledgebase of the key's project only.",
    [
      "Keys start with `apk-` and are created in the project's integration settings.",
      'to read execution logs and to search the knowledgebase.',
    ],
  ),
  documented(
    'SEARCH-KEY-PLAN-MESSAGE',
    'Errors',
    'On a plan without it, project-key search is refused with a message stating that the Query Knowledgebase API needs the Professional plan (any faithful wording names the Query Knowledgebase API and the Professional plan).',
    'plan-unavailable message for project-key search, stating the Query Knowledgebase API needs the Professional plan or above.',
  ),
  assumed(
    'SEARCH-KEY-PLAN-STATUS',
    'Errors',
    'That plan error is 403 with message `The Query Knowledgebase API requires the Professional plan or above`.',
  ),

  // Bearer variant
  documented(
    'SEARCH-BEARER-PROJECT-UID-REQUIRED',
    P,
    'Bearer searchIndexDocument requires project_uid; without it: Invalid params.',
    [BEARER_SEARCH_ROW, INVALID_PARAMS_QUOTE],
  ),
  documented(
    'SEARCH-BEARER-QUERY',
    P,
    'Bearer searchIndexDocument requires query, a string of at most 5000 characters: a body without it, or with 5001 characters, is refused with Invalid params; 5000 characters are accepted.',
    [
      'query (string, required, max 5000 chars)',
      '| query length (playground, bearer search) | 5000 characters |',
      INVALID_PARAMS_QUOTE,
    ],
  ),
  documented(
    'SEARCH-BEARER-LIMIT',
    P,
    'Bearer searchIndexDocument requires limit, an integer from 1 to 100: a body without it, or with an integer outside the range (0, 101, -1), is refused with Invalid params.',
    [
      'limit (integer, required, 1-100)',
      '| search limit | max 100 (project-key) ; 1-100 (bearer) |',
      INVALID_PARAMS_QUOTE,
    ],
  ),
  documented(
    'SEARCH-BEARER-OFFSET',
    P,
    'Bearer searchIndexDocument offset is an optional integer >= 0: every one is accepted, a negative integer is refused with Invalid params.',
    ['offset (integer >= 0), node_id (string', INVALID_PARAMS_QUOTE],
  ),
  assumed(
    'SEARCH-BEARER-WRONG-JSON-TYPE',
    P,
    'A Bearer searchIndexDocument field of another JSON type than the spec shows (a fraction, a boolean, an array, an object or a string that is not a numeral for limit or offset; a number, null, a boolean, an array or an object for query, project_uid or node_id) gets Invalid params. How a server reads such representations is not shown: it may round, coerce or ignore them (numeric strings and numbers for strings: ERR-JSON-NO-COERCION; null: ERR-NULL-NOT-ABSENT).',
  ),
  documented(
    'SEARCH-BEARER-NODE-ID',
    P,
    'Bearer searchIndexDocument node_id (optional string) restricts results to one document node: a restricted search returns results of the unrestricted one only.',
    'node_id (string, restrict to one document node)',
  ),
  documented(
    'SEARCH-BEARER-DATA-ARRAY',
    P,
    'Bearer searchIndexDocument data is an array of chunks (their shape is not shown: SEARCH-BEARER-ITEM-SHAPE).',
    [
      'restrict to one document node) | data = array of chunks |',
      'Result item shape of the Bearer variant of the search: not shown.',
    ],
  ),
  assumed(
    'SEARCH-BEARER-PROJECT',
    P,
    "Bearer searchIndexDocument searches the knowledgebase of the project named by project_uid only; a node_id of another project's document gives an empty array.",
  ),
  assumed(
    'SEARCH-BEARER-ITEM-SHAPE',
    P,
    'The Bearer variant returns the same chunk shape as the project-key variant: {point_id, doc_id, score, content}.',
  ),
  assumed(
    'SEARCH-NODE-ID-IS-DOC-ID',
    P,
    'node_id restricts results to chunks of the document whose doc_id equals it; a node_id naming no document gives an empty array.',
  ),
  assumed('SEARCH-OFFSET-DEFAULT-0', P, 'Without offset, the Bearer variant starts at the first result.'),
  assumed(
    'SEARCH-OFFSET-SKIPS',
    'Endpoints',
    'In both variants, offset n skips the first n results of the ranked list; limit then caps how many follow.',
  ),
  assumed('SEARCH-ORDER-BY-SCORE', 'Endpoints', 'In both variants, results are sorted by descending score.'),
  assumed('SEARCH-EMPTY-QUERY', 'Endpoints', 'In both variants, an empty query gets Invalid params.'),
]);
