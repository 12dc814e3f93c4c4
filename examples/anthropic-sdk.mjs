// Ask the fake's knowledgebase through the official Anthropic SDK: only baseURL and apiKey change.
// Start the fake in another terminal (`npm start`), then run `node examples/anthropic-sdk.mjs`.
import Anthropic from '@anthropic-ai/sdk';
import { commandLine } from '../bin/command-line.mjs';
import { failed, readTarget } from './fake-target.mjs';

commandLine({
  name: 'anthropic-sdk',
  usage: `Usage: node examples/anthropic-sdk.mjs

Asks the fake's knowledgebase one question through the official Anthropic SDK (messages.create with the
knowledgebase tool) and prints the answer and its sources. Needs a running fake (\`npm start\`): reads its target
file from TARGET_FILE (default reports/fake-target.json). Takes no options.

Exit codes: 0 answered; 1 no target file, the fake does not answer or refuses its key (one line); 2 a usage error.`,
});

// `npm start` writes the target file: base_url, the project key, a model per endpoint.
const target = readTarget('anthropic-sdk');

const client = new Anthropic({ baseURL: `${target.base_url}/anthropic`, apiKey: target.project_key });

const message = await client.messages
  .create({
    model: target.rag_models?.anthropic ?? 'claude-3-5-haiku-latest',
    max_tokens: 512,
    messages: [{ role: 'user', content: 'How do webhooks work?' }],
    // The knowledgebase tool: the service searches the project's documents itself and answers from them.
    tools: [{ type: 'service:knowledgebase', parameters: { limit: 3 } }],
  })
  .catch((err) => failed('anthropic-sdk', err));

console.log(message.content.map((block) => (block.type === 'text' ? block.text : '')).join(''));
console.log('\nSources:');
for (const [i, source] of message.sources.entries()) {
  const preview = source.content.replace(/\s+/g, ' ').slice(0, 60);
  console.log(`[${i + 1}] ${source.doc_id} (score ${source.score}): ${preview}…`);
}
