/** updateProjectSettings and every writable AI settings field. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const R = 'Resources/Project AI settings';
const P = 'Endpoints/Platform';

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
    'updateProjectSettings requires project_uid (string); without it: Invalid params.',
  ),
  documented(
    'SET-PARTIAL-UPDATE',
    P,
    'updateProjectSettings changes only the AI settings fields included in the body; every other setting keeps its value.',
  ),
  documented('SET-MESSAGE-ONLY', P, 'updateProjectSettings succeeds with a message-only success envelope.'),
  assumed('SET-NO-FIELDS', P, 'updateProjectSettings with only project_uid succeeds and changes nothing.'),
  assumed(
    'SET-ATOMIC',
    P,
    'An updateProjectSettings request with any invalid field changes nothing, not even its valid fields.',
  ),
  documented('SET-PROMPT-STRING', R, 'prompt (the system prompt) is a string.'),
  documented('SET-RESTRICTION-STRING', R, 'restriction (what the agent must not do) is a string.'),
  assumed(
    'SET-TEXT-MAX-LENGTH',
    R,
    'prompt and restriction are at most 100000 characters; longer values get Invalid params. Empty strings are allowed.',
  ),
  documented(
    'SET-MODEL-IN-LIST',
    R,
    "model must be a `value` from getSupportedModels; any other model gets the message `Invalid model '<model>'. Model not found in available models list.` with <model> the value sent.",
  ),
  assumed('SET-MODEL-INVALID-STATUS', R, 'The invalid-model error of updateProjectSettings is HTTP 400.'),
  documented(
    'SET-TEMPERATURE-RANGE',
    R,
    'temperature is a number from 0 to 2 inclusive; fractions such as 0.7 are allowed; values below 0 or above 2 get Invalid params.',
  ),
  documented(
    'SET-MODE-ENUM',
    R,
    'mode is `agent` (can use tools and functions) or `chat` (simple Q&A); any other value gets Invalid params.',
  ),
  documented(
    'SET-CHAT-HISTORY-COUNT-RANGE',
    R,
    'chat_history_count is an integer from 0 to 50 inclusive; other values get Invalid params.',
  ),
  documented(
    'SET-CHAT-HISTORY-COUNT-MEANING',
    R,
    'chat_history_count is the number of previous messages given to the model as context.',
  ),
  documented(
    'SET-MAX-NODES-RANGE',
    R,
    'max_nodes is an integer from 1 to 10 inclusive; other values get Invalid params.',
  ),
  documented(
    'SET-MAX-NODES-MEANING',
    R,
    'max_nodes is the number of knowledgebase chunks retrieved per query: answers use at most that many chunks.',
  ),
  documented(
    'SET-ADD-PAGE-LINK-VALUES',
    R,
    'add_page_link is the integer 0 or 1; any other value gets Invalid params.',
  ),
  documented(
    'SET-ADD-PAGE-LINK-MEANING',
    R,
    'add_page_link 1 includes source page links in answers; 0 leaves them out.',
  ),
  documented(
    'SET-AUTO-CLOSE-RANGE',
    R,
    'auto_close_duration is an integer number of minutes from 5 to 43200 inclusive; other values get Invalid params.',
  ),
  documented(
    'SET-AUTO-RESOLVE-RANGE',
    R,
    'auto_resolve_duration is an integer number of minutes from 5 to 43200 inclusive; other values get Invalid params.',
  ),
  assumed(
    'SET-INTEGER-FIELDS-STRICT',
    R,
    'chat_history_count, max_nodes, add_page_link, auto_close_duration and auto_resolve_duration reject fractions (e.g. 1.5) and numeric strings with Invalid params.',
  ),
]);
