// A chat widget in plain JavaScript against the Chatbot Platform API: the fake, or any deployment whose CORS
// allows this page. Query parameters: `base` ({base_url}, e.g. http://127.0.0.1:4010/api/v1), `key` (the project
// API key), `widget` (the widget uid), `model` (the RAG model; default gpt-4o-mini).
import { EventSourceParserStream } from 'eventsource-parser/stream';

const params = new URLSearchParams(location.search);
const config = {
  base: params.get('base'),
  key: params.get('key'),
  widget: params.get('widget'),
  model: params.get('model') ?? 'gpt-4o-mini',
};
const $ = (id) => document.getElementById(id);
let sessionUid = null;

/** What the page says about a failure. A TypeError from fetch is the browser's refusal (CORS) or no server. */
function showError(err) {
  const hint =
    err instanceof TypeError
      ? ` (the browser refused the answer: is this page's origin allowed by the fake's --cors-origins, and is it running at ${config.base}?)`
      : '';
  $('error').textContent = `${err.name}: ${err.message}${hint}`;
}

/** A Project Integration operation (project key in `api-key`): its `data`, or an Error with status and message. */
async function integration(operation, body) {
  const res = await fetch(`${config.base}/${operation}`, {
    method: 'POST',
    headers: { 'api-key': config.key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = await res.json().catch(() => null);
  if (!res.ok || envelope?.type !== 'RXSUCCESS') {
    throw new Error(`${operation} answered ${res.status}: ${envelope?.message ?? res.statusText}`);
  }
  return envelope.data;
}

function say(who, text) {
  const item = document.createElement('li');
  item.className = who;
  item.textContent = text;
  $('messages').append(item);
}

async function startSession() {
  const session = await integration('createSession', { widget_uid: config.widget });
  sessionUid = session.session_uid;
  $('session').textContent = `${sessionUid} (${session.status})`;
  for (const control of $('chat').elements) control.disabled = false;
}

async function send(message) {
  say('user', message);
  const reply = await integration('sendMessage', {
    widget_uid: config.widget,
    session_uid: sessionUid,
    message,
  });
  say(reply.send_by, reply.message);
}

/** The RAG endpoint, OpenAI style, streamed: each delta is added to the page as it arrives. */
async function stream(question) {
  const answer = $('answer');
  const status = $('stream-status');
  answer.textContent = '';
  $('sources').textContent = '';
  status.textContent = 'waiting…';
  const res = await fetch(`${config.base}/openai/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${config.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      model: config.model,
      stream: true,
      messages: [{ role: 'user', content: question }],
      tools: [{ type: 'service:knowledgebase', parameters: { limit: 3 } }],
    }),
  });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new Error(
      `openai/chat/completions answered ${res.status}: ${body?.error?.message ?? res.statusText}`,
    );
  }
  const events = res.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
  const reader = events.getReader();
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done || value.data === '[DONE]') break;
    const chunk = JSON.parse(value.data);
    for (const source of chunk.sources ?? []) {
      const item = document.createElement('li');
      item.textContent = `${source.doc_id} (score ${source.score})`;
      $('sources').append(item);
    }
    const delta = chunk.choices?.[0]?.delta?.content;
    if (delta) {
      answer.append(delta);
      chunks += 1;
      status.textContent = `streaming: ${chunks} chunks`;
    }
  }
  status.textContent = `done: ${chunks} chunks`;
}

/** Run `task` for a form's submit, the input cleared, any failure shown. */
function onSubmit(form, input, task) {
  $(form).addEventListener('submit', (event) => {
    event.preventDefault();
    const text = $(input).value.trim();
    $(input).value = '';
    $('error').textContent = '';
    if (text) task(text).catch(showError);
  });
}

onSubmit('chat', 'message', send);
onSubmit('ask', 'question', stream);

if (!config.base || !config.key || !config.widget) {
  $('error').textContent =
    'Missing query parameters: base, key and widget (docs/client-developers.md, "Calling the fake from a browser").';
} else {
  startSession().catch(showError);
}
