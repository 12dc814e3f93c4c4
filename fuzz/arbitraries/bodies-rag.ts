/**
 * Valid bodies for the two RAG endpoints, in each provider's native shape: a question (sometimes after a short
 * history), the knowledgebase tool and sometimes a user tool, streaming or not.
 */
import fc from 'fast-check';
import { KNOWLEDGEBASE_TOOL_TYPE } from '../../contract/requests/rag-sources.js';
import type { Body } from '../../suites/support/arbitraries/probe.js';
import type { FuzzContext } from '../context.js';
import { questionArb } from './bodies-integration.js';

const kbToolArb = fc
  .integer({ min: 1, max: 10 })
  .map((limit) => ({ type: KNOWLEDGEBASE_TOOL_TYPE, parameters: { limit } }));
const streamArb = fc.oneof(fc.constant(undefined), fc.boolean());

const modelArb = (ctx: FuzzContext, family: RegExp, fallback: string) => {
  const listed = ctx.models.filter((m) => family.test(m));
  return listed.length ? fc.constantFrom(fallback, ...listed) : fc.constant(fallback);
};

/** Drop the keys whose value is undefined (fc.record gives them when optional). */
const defined = (body: Record<string, unknown>): Body =>
  Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));

function openaiArb(ctx: FuzzContext): fc.Arbitrary<Body> {
  const functionTool = fc.constant({
    type: 'function',
    function: {
      name: 'get_order',
      description: 'Look up an order',
      parameters: { type: 'object', properties: {} },
    },
  });
  return fc
    .record({
      model: modelArb(ctx, /^(gpt-|o1|o3)/, ctx.ragModels.openai),
      system: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
      history: fc.array(fc.tuple(questionArb, questionArb), { maxLength: 2 }),
      question: questionArb,
      tools: fc.oneof(
        fc.constant(undefined),
        kbToolArb.map((t) => [t]),
        fc.tuple(kbToolArb, functionTool).map((ts) => [...ts]),
      ),
      stream: streamArb,
      include_usage: fc.option(fc.boolean(), { nil: undefined }),
      temperature: fc.option(fc.double({ min: 0, max: 2, noNaN: true }), { nil: undefined }),
      max_tokens: fc.option(fc.integer({ min: 1, max: 2000 }), { nil: undefined }),
    })
    .map((r) =>
      defined({
        model: r.model,
        messages: [
          ...(r.system !== undefined ? [{ role: 'system', content: r.system }] : []),
          ...r.history.flatMap(([q, a]) => [
            { role: 'user', content: q },
            { role: 'assistant', content: a },
          ]),
          { role: 'user', content: r.question },
        ],
        tools: r.tools,
        stream: r.stream,
        stream_options:
          r.stream && r.include_usage !== undefined ? { include_usage: r.include_usage } : undefined,
        temperature: r.temperature,
        max_tokens: r.max_tokens,
      }),
    );
}

function anthropicArb(ctx: FuzzContext): fc.Arbitrary<Body> {
  const customTool = fc.constant({
    name: 'get_order',
    description: 'Look up an order',
    input_schema: { type: 'object', properties: {} },
  });
  return fc
    .record({
      model: modelArb(ctx, /^claude-/, ctx.ragModels.anthropic),
      max_tokens: fc.integer({ min: 1, max: 4096 }),
      system: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
      question: questionArb,
      blocks: fc.boolean(),
      tools: fc.oneof(
        fc.constant(undefined),
        kbToolArb.map((t) => [t]),
        fc.tuple(kbToolArb, customTool).map((ts) => [...ts]),
      ),
      stream: streamArb,
      temperature: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    })
    .map((r) =>
      defined({
        model: r.model,
        max_tokens: r.max_tokens,
        system: r.system,
        messages: [{ role: 'user', content: r.blocks ? [{ type: 'text', text: r.question }] : r.question }],
        tools: r.tools,
        stream: r.stream,
        temperature: r.temperature,
      }),
    );
}

export function validRagBodyArb(operationId: string, ctx: FuzzContext): fc.Arbitrary<Body> {
  if (operationId === 'openaiChatCompletions') return openaiArb(ctx);
  if (operationId === 'anthropicMessages') return anthropicArb(ctx);
  throw new Error(`no valid-body arbitrary for ${operationId}`);
}
