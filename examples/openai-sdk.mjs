// Ask the fake's knowledgebase through the official OpenAI SDK: only baseURL and apiKey change.
// Start the fake in another terminal (`npm start`), then run `node examples/openai-sdk.mjs`.
import OpenAI from 'openai';
import { commandLine } from '../bin/command-line.mjs';
import { failed, readTarget } from './fake-target.mjs';

commandLine({
  name: 'openai-sdk',
  usage: `Usage: node examples/openai-sdk.mjs

Asks the fake's knowledgebase one question through the official OpenAI SDK (chat.completions.create with the
knowledgebase tool) and prints the answer and its sources. Needs a running fake (\`npm start\`): reads its target
file from TARGET_FILE (default reports/fake-target.json). Takes no options.

Exit codes: 0 answered; 1 no target file, the fake does not answer or refuses its key (one line); 2 a usage error.`,
});

// `npm start` writes the target file: base_url, the project key, a model per endpoint.
const target = readTarget('openai-sdk');

const client = new OpenAI({ baseURL: `${target.base_url}/openai`, apiKey: target.project_key });

const completion = await client.chat.completions
  .create({
    model: target.rag_models?.openai ?? 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'How do I turn on two-factor authentication?' }],
    // The knowledgebase tool: the service searches the project's documents itself and answers from them.
    tools: [{ type: 'service:knowledgebase', parameters: { limit: 3 } }],
  })
  .catch((err) => failed('openai-sdk', err));

console.log(completion.choices[0].message.content);
console.log('\nSources:');
for (const [i, source] of completion.sources.entries()) {
  const preview = source.content.replace(/\s+/g, ' ').slice(0, 60);
  console.log(`[${i + 1}] ${source.doc_id} (score ${source.score}): ${preview}…`);
}
