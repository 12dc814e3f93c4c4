/** updateProjectSettings and every writable AI settings field. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const R = 'Resources/Project AI settings';
const P = 'Endpoints/Platform';

/** The spec's row of updateProjectSettings, and the message it names for a bad request body. */
const ROW = 'POST /updateProjectSettings | project_uid (string, required) plus any AI settings fields';
const INVALID_PARAMS = '`Invalid params` (bad request body)';

export const settingsClauses = defineClauses([
  assumed(
    'AGENT-PROMPT-PERSONA',
    'Resources/Project AI settings',
    'How the prompt shapes answers is not shown: in the fake, a system prompt of the form "You are <Name>, …" makes every reply of the agent open with "<Name> here." (widget, playground).',
  ),
  assumed(
    'AGENT-RESTRICTION-REFUSAL',
    'Resources/Project AI settings',
    'How the restriction is applied is not shown: in the fake, topics named after "do not discuss", "never discuss", "do not talk about", "do not answer questions about" or "never mention" in the restriction are refused with "I\'m sorry, I can\'t help with that topic." when the visitor\'s message mentions them.',
  ),
  documented(
    'SET-PROJECT-UID-REQUIRED',
    P,
    'updateProjectSettings requires project_uid (a string); a body without it gets the message `Invalid params`.',
    [ROW, INVALID_PARAMS],
  ),
  documented(
    'SET-PARTIAL-UPDATE',
    P,
    'updateProjectSettings changes only the AI settings fields included in the body; every other setting keeps its value.',
    'plus any AI settings fields; only included fields change',
  ),
  documented(
    'SET-MESSAGE-ONLY',
    P,
    'updateProjectSettings succeeds with a message-only success envelope.',
    'only included fields change | message only |',
  ),
  assumed('SET-NO-FIELDS', P, 'updateProjectSettings with only project_uid succeeds and changes nothing.'),
  assumed(
    'SET-ATOMIC',
    P,
    'An updateProjectSettings request with any invalid field changes nothing, not even its valid fields.',
  ),
  documented(
    'SET-PROMPT-STRING',
    R,
    'prompt (the system prompt) is a string.',
    '| prompt | string | System prompt. |',
  ),
  documented(
    'SET-RESTRICTION-STRING',
    R,
    'restriction (what the agent must not do) is a string.',
    '| restriction | string | Instructions for what the agent must not do. |',
  ),
  assumed(
    'SET-WRONG-TYPE',
    R,
    "A setting sent as a JSON value of another type than the table's gets 400 `Invalid params`: a boolean, array, object, or a non-numeric or empty string for temperature and the integer fields; a boolean, array, object or null for prompt, restriction, mode and model (for model the spec's invalid-model message may name it instead). The spec gives each field's type, not how a server reads a value of another type (it might coerce it, or ignore the field as not given). Numeric strings and numbers for string fields are ERR-JSON-NO-COERCION, null for a numeric field ERR-NULL-NOT-ABSENT, fractions for integer fields SET-INTEGER-FIELDS-STRICT.",
  ),
  assumed(
    'SET-TEXT-MAX-LENGTH',
    R,
    'prompt and restriction are at most 100000 characters; longer values get Invalid params. Empty strings are allowed.',
  ),
  documented(
    'SET-MODEL-IN-LIST',
    R,
    "model must be a `value` from the supported models list (getSupportedModels); a string that is not one is refused with the message `Invalid model '<model>'. Model not found in available models list.`, <model> standing for the value sent.",
    [
      '| model | string | Must be a `value` from the supported models list. |',
      "`Invalid model '<model>'. Model not found in available models list.` (updateProjectSettings)",
    ],
  ),
  assumed('SET-MODEL-INVALID-STATUS', R, 'The invalid-model error of updateProjectSettings is HTTP 400.'),
  documented(
    'SET-TEMPERATURE-RANGE',
    R,
    'temperature is a number from 0 to 2 inclusive, fractions such as 0.7 included; a number below 0 or above 2 gets the message `Invalid params`.',
    ['| temperature | number | 0 to 2. |', INVALID_PARAMS],
  ),
  documented(
    'SET-MODE-ENUM',
    R,
    'mode is the string `agent` (can use tools and functions) or `chat` (simple Q&A); another string outside the two (e.g. `voice`) gets the message `Invalid params`.',
    ['| mode | string | `agent` (can use tools and functions) or `chat` (simple Q&A). |', INVALID_PARAMS],
  ),
  assumed(
    'SET-ENUM-EXACT',
    R,
    'mode and model are matched exactly as listed: a case variant (`AGENT`, `Chat`, a listed model value upper-cased), a value with surrounding white space, or the empty string is refused like any other value outside the set (mode: `Invalid params`; model: the invalid-model message). The spec lists the values but not whether a server folds case, trims white space, or reads an empty string as a field not given.',
  ),
  documented(
    'SET-CHAT-HISTORY-COUNT-RANGE',
    R,
    'chat_history_count is an integer from 0 to 50 inclusive; an integer outside that range gets the message `Invalid params`.',
    ['| chat_history_count | integer | 0 to 50; previous messages given as context. |', INVALID_PARAMS],
  ),
  documented(
    'SET-CHAT-HISTORY-COUNT-MEANING',
    R,
    'chat_history_count is the number of previous messages given to the model as context.',
    '| chat_history_count | integer | 0 to 50; previous messages given as context. |',
  ),
  documented(
    'SET-MAX-NODES-RANGE',
    R,
    'max_nodes is an integer from 1 to 10 inclusive; an integer outside that range gets the message `Invalid params`.',
    ['| max_nodes | integer | 1 to 10; knowledgebase chunks retrieved per query. |', INVALID_PARAMS],
  ),
  documented(
    'SET-MAX-NODES-MEANING',
    R,
    'max_nodes is the number of knowledgebase chunks retrieved per query: an answer rests on at most that many chunks, so it links at most that many source pages.',
    '| max_nodes | integer | 1 to 10; knowledgebase chunks retrieved per query. |',
  ),
  assumed(
    'SET-MAX-NODES-SHOWN',
    R,
    'How many of the retrieved chunks an answer shows is not shown: in the fake, with add_page_link 1, a playground answer links the page of every chunk it retrieved, so a query that more pages match than max_nodes links exactly max_nodes pages (one with max_nodes 1, more than one with 3 or 10).',
  ),
  documented(
    'SET-ADD-PAGE-LINK-VALUES',
    R,
    'add_page_link is the integer 0 or 1; another integer gets the message `Invalid params`.',
    ['| add_page_link | integer | 0 or 1; include source page links in answers. |', INVALID_PARAMS],
  ),
  documented(
    'SET-ADD-PAGE-LINK-MEANING',
    R,
    'add_page_link 1 asks for source page links in answers; with 0 answers carry none.',
    '| add_page_link | integer | 0 or 1; include source page links in answers. |',
  ),
  assumed(
    'SET-ADD-PAGE-LINK-SHOWN',
    R,
    "How a page link shows in an answer, and which answers have one, are not shown: in the fake, with add_page_link 1 an answer drawn from the knowledgebase's webpages writes the address (https://…) of each source page in its text.",
  ),
  documented(
    'SET-AUTO-CLOSE-RANGE',
    R,
    'auto_close_duration is an integer number of minutes from 5 to 43200 inclusive; an integer outside that range gets the message `Invalid params`.',
    ['| auto_close_duration | integer | 5 to 43200 minutes of inactivity. |', INVALID_PARAMS],
  ),
  documented(
    'SET-AUTO-RESOLVE-RANGE',
    R,
    'auto_resolve_duration is an integer number of minutes from 5 to 43200 inclusive; an integer outside that range gets the message `Invalid params`.',
    ['| auto_resolve_duration | integer | 5 to 43200 minutes of inactivity. |', INVALID_PARAMS],
  ),
  assumed(
    'SET-INTEGER-FIELDS-STRICT',
    R,
    'chat_history_count, max_nodes, add_page_link, auto_close_duration and auto_resolve_duration reject fractions (e.g. 1.5) and numeric strings with Invalid params.',
  ),
]);
