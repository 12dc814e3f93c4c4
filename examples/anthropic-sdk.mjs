// Ask the fake's knowledgebase through the official Anthropic SDK: only baseURL and apiKey change.
// Start the fake in another terminal (`npm start`), then run `node examples/anthropic-sdk.mjs`.
import { readFileSync } from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';
import { commandLine } from '../bin/command-line.mjs';

commandLine({
  name: 'anthropic-sdk',
  usage: `Usage: node examples/anthropic-sdk.mjs

Asks the fake's knowledgebase one question through the official Anthropic SDK (messages.create with the
knowledgebase tool) and prints the answer and its sources. Needs a running fake (\`npm start\`): reads its target
file from TARGET_FILE (default reports/fake-target.json). Takes no options.`,
});

// `npm start` writes the target file: base_url, the project key, a model per endpoint.
const targetFile = process.env.TARGET_FILE ?? new URL('../reports/fake-target.json', import.meta.url);
const target = JSON.parse(readFileSync(targetFile, 'utf8'));

const client = new Anthropic({ baseURL: `${target.base_url}/anthropic`, apiKey: target.project_key });

const message = await client.messages.create({
  model: target.rag_models?.anthropic ?? 'claude-3-5-haiku-latest',
  max_tokens: 512,
  messages: [{ role: 'user', content: 'How do webhooks work?' }],
  // The knowledgebase tool: the service searches the project's documents itself and answers from them.
  tools: [{ type: 'service:knowledgebase', parameters: { limit: 3 } }],
});

console.log(message.content.map((block) => (block.type === 'text' ? block.text : '')).join(''));
console.log('\nSources:');
for (const [i, source] of message.sources.entries()) {
  const preview = source.content.replace(/\s+/g, ' ').slice(0, 60);
  console.log(`[${i + 1}] ${source.doc_id} (score ${source.score}): ${preview}…`);
}
