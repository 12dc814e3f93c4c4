/** Knowledgebase search: the project-key variant and the Bearer variant. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const K = 'Endpoints/Project Integration';
const P = 'Endpoints/Platform';

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
  ),

  // Project-key variant
  documented(
    'SEARCH-KEY-QUERY-REQUIRED',
    K,
    'Project-key searchIndexDocument requires query (string); without it: Invalid params.',
  ),
  assumed(
    'SEARCH-KEY-QUERY-LENGTH',
    K,
    'Project-key searchIndexDocument query is 1 to 5000 characters, like the Bearer variant; otherwise Invalid params.',
  ),
  documented(
    'SEARCH-KEY-LIMIT-DEFAULT-10',
    K,
    'Without limit, project-key search returns at most 10 chunks.',
  ),
  documented(
    'SEARCH-KEY-LIMIT-MAX-100',
    'Limits',
    'Project-key search limit is at most 100; 101 gets Invalid params.',
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
    'Without offset, project-key search starts at the first result.',
  ),
  documented('SEARCH-KEY-DATA-ARRAY', K, 'Project-key search data is an array of knowledgebase chunks.'),
  documented(
    'SEARCH-KEY-PROJECT',
    K,
    "Project-key search searches the knowledgebase of the key's project only.",
  ),
  documented(
    'SEARCH-KEY-PLAN-MESSAGE',
    'Errors',
    'On a plan without it, project-key search fails with a message stating that the Query Knowledgebase API needs the Professional plan or above.',
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
  ),
  documented(
    'SEARCH-BEARER-QUERY',
    P,
    'Bearer searchIndexDocument requires query, a string of at most 5000 characters; missing or 5001 characters gets Invalid params.',
  ),
  documented(
    'SEARCH-BEARER-LIMIT',
    P,
    'Bearer searchIndexDocument requires limit, an integer from 1 to 100; missing or outside gets Invalid params.',
  ),
  documented(
    'SEARCH-BEARER-OFFSET',
    P,
    'Bearer searchIndexDocument offset is an optional integer >= 0; negative gets Invalid params.',
  ),
  documented(
    'SEARCH-BEARER-NODE-ID',
    P,
    'Bearer searchIndexDocument node_id (optional string) restricts results to one document node.',
  ),
  documented('SEARCH-BEARER-DATA-ARRAY', P, 'Bearer searchIndexDocument data is an array of chunks.'),
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
