/**
 * A generated RAG request in both dialects (OpenAI-style /chat/completions, Anthropic-style /v1/messages): the tool
 * list of rag-tools.ts, a history (short and mixed, or long), content blocks of every type (text, image, document, a
 * type neither API knows), tool calls and their results (nested deep, up to the body limit), `tool_calls: [null]`,
 * and a last user message that asks for a declared tool. Drawn once in neutral form and written in either dialect's
 * native shape, so a finding reads the same in both.
 */
import fc from 'fast-check';
import { asKind, isNestMark, nestArb } from './nesting.js';
import {
  askArb,
  askText,
  type Choice,
  choiceArb,
  knowledgebaseItem,
  TOPICS,
  type Tool,
  toolListArb,
  type UserTool,
} from './rag-tools.js';

export type RagDialect = 'openai' | 'anthropic';

export type Block =
  | { type: 'text'; text: string }
  | { type: 'image' }
  | { type: 'document' }
  | { type: 'unknown' }
  | { type: 'null' };

/** One turn of the history before the last user message. */
export type Turn =
  | { role: 'user'; text: string }
  | { role: 'user'; blocks: Block[] }
  | { role: 'user'; deep: string }
  | { role: 'assistant'; text: string }
  /** An assistant tool call (of a topic's tool) and its result, the result possibly nested deep. */
  | { role: 'call'; topic: number; result: string }
  /** An assistant message whose tool calls (or content blocks) are `[null]`. */
  | { role: 'null call' };

export interface RagRequest {
  readonly tools: Tool[];
  readonly choice: Choice;
  readonly history: Turn[];
  readonly ask: string;
  readonly system?: string;
  readonly stream: boolean;
  readonly maxTokens: number;
}

const blockArb: fc.Arbitrary<Block> = fc.oneof(
  fc.constantFrom('see the attached', 'and this', '').map((text): Block => ({ type: 'text', text })),
  fc.constantFrom<Block>({ type: 'image' }, { type: 'document' }, { type: 'unknown' }, { type: 'null' }),
);

const turnArb: fc.Arbitrary<Turn> = fc.oneof(
  { arbitrary: fc.constantFrom('Hi', 'Thanks').map((text): Turn => ({ role: 'user', text })), weight: 3 },
  {
    arbitrary: fc
      .array(blockArb, { minLength: 1, maxLength: 4 })
      .map((blocks): Turn => ({ role: 'user', blocks })),
    weight: 2,
  },
  { arbitrary: nestArb('array').map((deep): Turn => ({ role: 'user', deep })), weight: 1 },
  {
    arbitrary: fc.constantFrom('Sure.', 'Done').map((text): Turn => ({ role: 'assistant', text })),
    weight: 3,
  },
  {
    arbitrary: fc
      .record({
        topic: fc.nat({ max: TOPICS.length - 1 }),
        result: fc.oneof(fc.constant('{"status":"shipped"}'), nestArb('tool_result')),
      })
      .map(({ topic, result }): Turn => ({ role: 'call', topic, result })),
    weight: 2,
  },
  { arbitrary: fc.constant<Turn>({ role: 'null call' }), weight: 1 },
);

/** A long history: many plain turns, alternating. */
const longHistoryArb: fc.Arbitrary<Turn[]> = fc
  .integer({ min: 50, max: 400 })
  .map((n) =>
    Array.from(
      { length: n },
      (_, i): Turn =>
        i % 2 === 0 ? { role: 'user', text: `question ${i}` } : { role: 'assistant', text: `answer ${i}` },
    ),
  );

/**
 * A whole request, drawn as one record (no chain: fast-check shrinks each part on its own, and a long history towards
 * a short one).
 */
export const ragRequestArb: fc.Arbitrary<RagRequest> = fc
  .record({
    tools: toolListArb,
    choice: choiceArb,
    history: fc.oneof(
      { withCrossShrink: true },
      { arbitrary: fc.array(turnArb, { maxLength: 6 }), weight: 5 },
      { arbitrary: longHistoryArb, weight: 1 },
    ),
    ask: askArb,
    system: fc.option(fc.constantFrom('You are a support agent.', ''), { nil: undefined }),
    stream: fc.oneof(
      { arbitrary: fc.constant(false), weight: 5 },
      { arbitrary: fc.constant(true), weight: 1 },
    ),
    maxTokens: fc.constantFrom(256, 1, 4096),
  })
  .map((r): RagRequest => ({ ...r, ask: askText(r.ask, r.tools) }));

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const openaiPart = (b: Block): unknown => {
  switch (b.type) {
    case 'text':
      return { type: 'text', text: b.text };
    case 'image':
      return { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } };
    case 'document':
      return { type: 'file', file: { filename: 'notes.txt', file_data: 'data:text/plain;base64,bm90ZXM=' } };
    case 'unknown':
      return { type: 'hologram', hologram: { depth: 3 } };
    case 'null':
      return null;
  }
};

const anthropicBlock = (b: Block): unknown => {
  switch (b.type) {
    case 'text':
      return { type: 'text', text: b.text };
    case 'image':
      return { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } };
    case 'document':
      return { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'notes' } };
    case 'unknown':
      return { type: 'hologram', hologram: { depth: 3 } };
    case 'null':
      return null;
  }
};

const topicName = (topic: number): string => (TOPICS[topic] ?? TOPICS[0])!.name;

/** A user or assistant turn of plain content, the same in both dialects but for how a block is written. */
const plainTurn = (turn: Turn, block: (b: Block) => unknown): unknown[] | undefined => {
  if (turn.role === 'assistant') return [{ role: 'assistant', content: turn.text }];
  if (turn.role !== 'user') return undefined;
  if ('blocks' in turn) return [{ role: 'user', content: turn.blocks.map(block) }];
  return [{ role: 'user', content: 'deep' in turn ? turn.deep : turn.text }];
};

const openaiTurns = (turn: Turn, i: number): unknown[] => {
  const id = `call_${i}`;
  switch (turn.role) {
    case 'user':
    case 'assistant':
      return plainTurn(turn, openaiPart) ?? [];
    case 'call':
      return [
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id, type: 'function', function: { name: topicName(turn.topic), arguments: '{"id":"4521"}' } },
          ],
        },
        {
          role: 'tool',
          tool_call_id: id,
          content: isNestMark(turn.result) ? asKind(turn.result, 'array') : turn.result,
        },
      ];
    case 'null call':
      return [{ role: 'assistant', content: null, tool_calls: [null] }];
  }
};

const anthropicTurns = (turn: Turn, i: number): unknown[] => {
  const id = `toolu_${i}`;
  switch (turn.role) {
    case 'user':
    case 'assistant':
      return plainTurn(turn, anthropicBlock) ?? [];
    case 'call':
      return [
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id, name: topicName(turn.topic), input: { id: '4521' } }],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: turn.result }] },
      ];
    case 'null call':
      return [{ role: 'assistant', content: [null] }];
  }
};

const firstUserTool = (tools: readonly Tool[]): UserTool | undefined =>
  tools.find((t): t is UserTool => t.kind === 'function');

const openaiChoice = (r: RagRequest): unknown => {
  const named = firstUserTool(r.tools);
  switch (r.choice) {
    case 'unset':
      return undefined;
    case 'named':
      return named ? { type: 'function', function: { name: named.name } } : undefined;
    default:
      return r.choice;
  }
};

const anthropicChoice = (r: RagRequest): unknown => {
  const named = firstUserTool(r.tools);
  switch (r.choice) {
    case 'unset':
      return undefined;
    case 'named':
      return named ? { type: 'tool', name: named.name } : undefined;
    case 'required':
      return { type: 'any' };
    default:
      return { type: r.choice };
  }
};

/** The request as the dialect's native body (with nest marks: bodyText writes them out). */
export function nativeBody(dialect: RagDialect, model: string, r: RagRequest): Record<string, unknown> {
  const tools = r.tools.map((t) => {
    if (t.kind === 'knowledgebase') return knowledgebaseItem(t);
    return dialect === 'openai'
      ? { type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }
      : { name: t.name, description: t.description, input_schema: t.parameters };
  });
  const turns = r.history.flatMap(dialect === 'openai' ? openaiTurns : anthropicTurns);
  const body: Record<string, unknown> =
    dialect === 'openai'
      ? {
          model,
          messages: [
            ...(r.system !== undefined ? [{ role: 'system', content: r.system }] : []),
            ...turns,
            { role: 'user', content: r.ask },
          ],
          max_tokens: r.maxTokens,
        }
      : {
          model,
          max_tokens: r.maxTokens,
          ...(r.system !== undefined ? { system: r.system } : {}),
          messages: [...turns, { role: 'user', content: r.ask }],
        };
  if (tools.length > 0) body.tools = tools;
  const choice = dialect === 'openai' ? openaiChoice(r) : anthropicChoice(r);
  if (choice !== undefined && tools.length > 0) body.tool_choice = choice;
  if (r.stream) body.stream = true;
  return body;
}

const ordinal = (n: number): string => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;

/** The request in words, for a finding: its tools, their oddities, the choice and the history. */
export function describeRequest(r: RagRequest): string {
  const kb = r.tools.findIndex((t) => t.kind === 'knowledgebase');
  const odd = [
    ...new Set(
      r.tools.flatMap((t) =>
        t.kind !== 'function' || t.oddity === 'none'
          ? []
          : [t.oddity === 'name not a string' ? `name ${JSON.stringify(t.name)}, not a string` : t.oddity],
      ),
    ),
  ];
  const parts = [
    `${r.tools.length} tool(s)${kb >= 0 ? `, the knowledgebase tool ${ordinal(kb + 1)}` : ''}${odd.length ? ` (${odd.join(', ')})` : ''}`,
    `tool_choice ${r.choice}`,
    `${r.history.length} earlier turn(s)`,
    `asking "${r.ask}"`,
  ];
  if (r.stream) parts.push('streamed');
  return parts.join(', ');
}
