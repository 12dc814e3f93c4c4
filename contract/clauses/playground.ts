/** createPlaygroundAgentSession and playgroundAgentResponse. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const P = 'Endpoints/Platform';
/** The spec names `Invalid params` for a bad request body (Errors). */
const INVALID_PARAMS_QUOTE = 'Other messages: `Invalid params` (bad request body)';
const CREATE_ROW =
  '| POST /createPlaygroundAgentSession | project_uid (string, required) | data = playground session |';
const REQUEST =
  'Playground response request: project_uid (string), session_uid (from the playground session), query (string, max 5000 characters), optional agent_setting';

export const playgroundClauses = defineClauses([
  documented(
    'RES-PLAYGROUND-SESSION-SHAPE',
    'Resources/Session',
    'A playground session has session_uid, id, project_id (integers) and is_emulator (boolean).',
    'Playground session (from create playground session): session_uid (integer), id (integer), project_id (integer), is_emulator (boolean).',
  ),
  documented(
    'PLAYGROUND-CREATE-PROJECT-UID-REQUIRED',
    P,
    'createPlaygroundAgentSession requires project_uid; without it: Invalid params.',
    [CREATE_ROW, INVALID_PARAMS_QUOTE],
  ),
  documented(
    'PLAYGROUND-CREATE-DATA',
    P,
    'createPlaygroundAgentSession data is a playground session of that project; each call creates a new one.',
    CREATE_ROW,
  ),
  assumed('PLAYGROUND-IS-EMULATOR-TRUE', P, 'A playground session reports is_emulator `true`.'),
  documented(
    'PLAYGROUND-RESPONSE-REQUIRED',
    P,
    'playgroundAgentResponse requires project_uid (string), session_uid (from createPlaygroundAgentSession) and query (string), the fields the spec does not call optional; a body without one is refused with Invalid params.',
    [REQUEST, INVALID_PARAMS_QUOTE],
  ),
  assumed(
    'PLAYGROUND-SESSION-UID-TYPE',
    P,
    'playgroundAgentResponse session_uid is the JSON integer of the playground session: text such as `abc` gets Invalid params (rather than `Session not found`). The spec says only that it comes from the playground session.',
  ),
  documented(
    'PLAYGROUND-QUERY-MAX-5000',
    'Limits',
    'playgroundAgentResponse query is at most 5000 characters: 5000 are accepted, 5001 are refused with Invalid params.',
    [
      'query (string, max 5000 characters)',
      '| query length (playground, bearer search) | 5000 characters |',
      INVALID_PARAMS_QUOTE,
    ],
  ),
  assumed('PLAYGROUND-QUERY-NONEMPTY', P, 'An empty playgroundAgentResponse query gets Invalid params.'),
  documented(
    'PLAYGROUND-HISTORY-MAX-50',
    'Limits',
    'The previous-messages array holds at most 50 items: 50 are accepted, 51 are refused with Invalid params.',
    [
      'optional array of previous messages (max 50 items)',
      '| playground history | 50 items |',
      INVALID_PARAMS_QUOTE,
    ],
  ),
  assumed(
    'PLAYGROUND-HISTORY-FIELD',
    P,
    'The previous-messages field is named `messages`; each item is {role: `user` | `assistant`, content: string}.',
  ),
  assumed(
    'PLAYGROUND-HISTORY-CONTEXT',
    P,
    "Only the last chat_history_count previous messages (the project's saved setting) are context for the reply; with chat_history_count 0 the previous messages do not change the reply.",
  ),
  documented(
    'PLAYGROUND-AGENT-SETTING-OVERRIDE',
    P,
    'agent_setting (optional object, including model, system_prompt, temperature) overrides the project settings for that call only.',
    'optional agent_setting (object overriding settings for this call only, including model, system_prompt, temperature;',
  ),
  documented(
    'PLAYGROUND-AGENT-SETTING-NOT-SAVED',
    P,
    "A playground call with agent_setting leaves the project's saved configuration unchanged.",
    "the project's saved configuration is unchanged;",
  ),
  documented(
    'PLAYGROUND-MODEL-DEFAULT-SAVED',
    P,
    "When agent_setting.model is omitted, the project's saved model is used (and billed).",
    ["when model is omitted the project's saved model is used)", 'Each call deducts credits by model.'],
  ),
  assumed(
    'PLAYGROUND-AGENT-SETTING-MODEL-IN-LIST',
    P,
    "An agent_setting.model that is not a value of getSupportedModels gets 400 `Invalid model '<model>'. Model not found in available models list.`",
  ),
  assumed(
    'PLAYGROUND-AGENT-SETTING-TEMPERATURE-RANGE',
    P,
    'agent_setting.temperature follows the temperature setting range, 0 to 2; outside it: Invalid params. Other agent_setting fields are accepted.',
  ),
  assumed(
    'PLAYGROUND-UNKNOWN-SESSION',
    P,
    'A session_uid that is not a playground session of the project gets 404 `Session not found`.',
  ),
  documented(
    'PLAYGROUND-RESPONSE-SHAPE',
    P,
    'playgroundAgentResponse data is {session_uid number, message string, response_time number, total_credits number}.',
    '| POST /playgroundAgentResponse | see below | data: session_uid (number), message (string), response_time (number), total_credits (number) |',
  ),
  assumed(
    'PLAYGROUND-ANSWER-TEXT',
    P,
    'The message of a playground answer is a non-empty text; the spec gives its type, string, and nothing of its content.',
  ),
  assumed(
    'PLAYGROUND-SESSION-UID-ECHO',
    P,
    'playgroundAgentResponse data.session_uid equals the session_uid sent.',
  ),
  assumed('PLAYGROUND-RESPONSE-TIME', P, 'response_time is the time the call took, in seconds (a number).'),
  documented(
    'PLAYGROUND-CREDITS-BY-MODEL',
    'Limits',
    'Each playground call deducts credits according to the model used: every call deducts some.',
    [
      'Each call deducts credits by model.',
      '| Billing | RAG requests per token from credits; playground calls deduct credits by model |',
    ],
  ),
  assumed(
    'PLAYGROUND-PRICE-PER-CALL',
    P,
    'A playground call deducts a fixed price per model (its credits_per_call in getSupportedModels), whatever the question, the previous messages and the answer, and the supported models do not all cost the same; so what a call deducted shows which model it ran on. Prices are not shown: "by model" does not say per call, nor that two models differ.',
  ),
  assumed(
    'PLAYGROUND-TOTAL-CREDITS',
    P,
    'total_credits is the number of credits this call deducted from the balance.',
  ),
]);
