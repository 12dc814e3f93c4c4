// The fake inside your own process with no port: interceptChatbotApi serves it to every Node HTTP client (here the
// official OpenAI SDK) at a base URL of your choosing; its control handle scripts answers and moves the clock.
// startFake is the same fake on an ephemeral 127.0.0.1 port, for clients that need a real URL.
// The library is built by `npm ci` (or `npm run build:lib`); then: node examples/intercept.mjs
import { interceptChatbotApi, startFake } from 'chatbot-platform-fake';
import OpenAI from 'openai';
import { commandLine } from '../bin/command-line.mjs';

commandLine({
  name: 'intercept',
  usage: `Usage: node examples/intercept.mjs

The fake inside this process, no port and no running fake needed: interceptChatbotApi answers the official OpenAI
SDK (an answer with its sources, then a scripted answer streamed), the virtual clock is moved, then startFake serves
the same fake on an ephemeral 127.0.0.1 port for one plain fetch. Needs the built library (\`npm run build:lib\`).
Takes no options.`,
});

const api = interceptChatbotApi({ baseUrl: 'https://chatbot.example.test' });
const client = new OpenAI({ baseURL: `${api.target.base_url}/openai`, apiKey: api.target.project_key });
const question = { role: 'user', content: 'How do I turn on two-factor authentication?' };
const knowledgebase = { type: 'service:knowledgebase', parameters: { limit: 2 } };

const completion = await client.chat.completions.create({
  model: 'gpt-4o-mini',
  messages: [question],
  tools: [knowledgebase],
});
console.log(completion.choices[0].message.content);
for (const [i, source] of completion.sources.entries()) console.log(`[${i + 1}] ${source.doc_id}`);

// The next answer of the project, whichever endpoint asks: a scripted one, streamed chunk by chunk.
await api.control.scriptReplies(api.target.project_uid, [
  { kind: 'text', text: 'Scripted: ask your admin.' },
]);
const stream = await client.chat.completions.create({
  model: 'gpt-4o-mini',
  messages: [question],
  stream: true,
});
let streamed = '';
for await (const chunk of stream) streamed += chunk.choices[0]?.delta?.content ?? '';
console.log(`\nstreamed: ${streamed}`);

// Virtual time is frozen under interception; the test moves it.
console.log(`clock: ${await api.control.now()}`);
console.log(`after advanceClock({ days: 30 }): ${await api.control.advanceClock({ days: 30 })}`);
api.restore();

// The same fake on a port; a plain fetch (not intercepted any more) reaches it.
const fake = await startFake();
const projects = await fetch(`${fake.target.base_url}/getMyProjects`, {
  method: 'POST',
  headers: { authorization: `Bearer ${fake.target.tokens.owner}` },
});
const { data } = await projects.json();
console.log(
  `\nstartFake: ${new URL(fake.url).hostname}, getMyProjects ${projects.status}, ${data.length} projects`,
);
await fake.close();
