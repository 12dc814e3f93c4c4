/** createPlaygroundAgentSession and playgroundAgentResponse. */
import { defineClauses } from './clause.js';
import { assumed, documented } from './define.js';

const P = 'Endpoints/Platform';

export const playgroundClauses = defineClauses([
  documented(
    'RES-PLAYGROUND-SESSION-SHAPE',
    'Resources/Session',
    'A playground session has session_uid, id, project_id (integers) and is_emulator (boolean).',
  ),
  documented(
    'PLAYGROUND-CREATE-PROJECT-UID-REQUIRED',
    P,
    'createPlaygroundAgentSession requires project_uid; without it: Invalid params.',
  ),
  documented(
    'PLAYGROUND-CREATE-DATA',
    P,
    'createPlaygroundAgentSession data is a playground session of that project.',
  ),
  assumed('PLAYGROUND-IS-EMULATOR-TRUE', P, 'A playground session reports is_emulator `true`.'),
  documented(
    'PLAYGROUND-RESPONSE-REQUIRED',
    P,
    'playgroundAgentResponse requires project_uid (string), session_uid (from createPlaygroundAgentSession) and query (string); a missing one gets Invalid params.',
  ),
  documented(
    'PLAYGROUND-QUERY-MAX-5000',
    'Limits',
    'playgroundAgentResponse query is at most 5000 characters; 5001 gets Invalid params.',
  ),
  assumed('PLAYGROUND-QUERY-NONEMPTY', P, 'An empty playgroundAgentResponse query gets Invalid params.'),
  documented(
    'PLAYGROUND-HISTORY-MAX-50',
    'Limits',
    'The previous-messages array holds at most 50 items; 51 gets Invalid params.',
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
  ),
  documented(
    'PLAYGROUND-AGENT-SETTING-NOT-SAVED',
    P,
    "A playground call with agent_setting leaves the project's saved configuration unchanged.",
  ),
  documented(
    'PLAYGROUND-MODEL-DEFAULT-SAVED',
    P,
    "When agent_setting.model is omitted, the project's saved model is used (and billed).",
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
    'Each playground call deducts credits according to the model used.',
  ),
  assumed(
    'PLAYGROUND-PRICE-PER-CALL',
    P,
    'A playground call deducts a fixed price per model (its credits_per_call in getSupportedModels), whatever the question, the previous messages and the answer; so what a call deducted shows which model it ran on.',
  ),
  assumed(
    'PLAYGROUND-TOTAL-CREDITS',
    P,
    'total_credits is the number of credits this call deducted from the balance.',
  ),
]);
