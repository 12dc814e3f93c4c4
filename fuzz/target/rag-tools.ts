/**
 * Tools of a generated RAG request, in the words both dialects share: user-declared function tools (well formed, or
 * with the odd schemas that broke real servers: `parameters` or `properties` as a list, `required` holding an object,
 * a `name` that is not a string, parameters nested deep), and the knowledgebase tool ({type: `service:knowledgebase`,
 * parameters: {limit}}, RAG-KB-TOOL) at any place among them. A request is made to call one of them the way the
 * spec's model decides (RAG-SERVER-RETRIEVAL: "the model decides"): its last user message asks for what the tool
 * does, in the words of its description (what the fake's canned model matches, FAKE-MODEL-DEFAULT), and tool_choice
 * may require a call, as the native APIs let a caller do.
 */
import fc from 'fast-check';
import { KNOWLEDGEBASE_TOOL_TYPE } from '../../contract/requests/rag-sources.js';
import { nestArb } from './nesting.js';

/** What a user tool does, in words a model (the fake's, or any) reads as a request for it. */
export interface Topic {
  readonly name: string;
  readonly description: string;
  /** A user message that asks for it. */
  readonly ask: string;
}

export const TOPICS: readonly Topic[] = [
  { name: 'get_order', description: 'Look up an order by its number', ask: 'Look up order number 4521' },
  { name: 'track_parcel', description: 'Track a parcel shipment', ask: 'Track my parcel shipment ZX81' },
  { name: 'book_meeting', description: 'Book a meeting slot', ask: 'Book a meeting slot on Friday' },
  { name: 'convert_currency', description: 'Convert currency amounts', ask: 'Convert currency: 12 EUR' },
];

/** How a declared user tool is odd, if it is. */
export type Oddity =
  | 'none'
  | 'name not a string'
  | 'parameters as a list'
  | 'properties as a list'
  | 'required holding an object'
  | 'parameters nested deep';

/** A user tool in neutral form: each dialect writes it its own way (rag-wire in rag-bodies.ts). */
export interface UserTool {
  readonly kind: 'function';
  readonly topic: number;
  readonly oddity: Oddity;
  readonly name: unknown;
  readonly description: string;
  readonly parameters: unknown;
}

export interface KnowledgebaseTool {
  readonly kind: 'knowledgebase';
  readonly limit: number;
}

export type Tool = UserTool | KnowledgebaseTool;

const wellFormedParameters = {
  type: 'object',
  properties: { id: { type: 'string', description: 'what to look up' } },
  required: ['id'],
};

const oddNameArb: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  42,
  null,
  true,
  ['get_order'],
  { name: 'x' },
  0.5,
);

const parametersOf = (oddity: Oddity, deep: string): unknown => {
  switch (oddity) {
    case 'parameters as a list':
      return [{ type: 'string' }, { name: 'id' }];
    case 'properties as a list':
      return { type: 'object', properties: [{ name: 'id', type: 'string' }] };
    case 'required holding an object':
      return { type: 'object', properties: wellFormedParameters.properties, required: { id: true } };
    case 'parameters nested deep':
      return { type: 'object', properties: { id: { type: 'array', items: deep } } };
    default:
      return wellFormedParameters;
  }
};

const ODDITIES: readonly Oddity[] = [
  'name not a string',
  'parameters as a list',
  'properties as a list',
  'required holding an object',
  'parameters nested deep',
];

/**
 * A user tool on one of the topics: well formed about half the time. Drawn as one record (no chain), so that
 * fast-check shrinks each part on its own: towards the first topic and a well-formed tool.
 */
export const userToolArb: fc.Arbitrary<UserTool> = fc
  .record({
    topic: fc.nat({ max: TOPICS.length - 1 }),
    oddity: fc.oneof({ withCrossShrink: true }, fc.constant<Oddity>('none'), fc.constantFrom(...ODDITIES)),
    oddName: oddNameArb,
    deep: nestArb('array'),
  })
  .map(({ topic, oddity, oddName, deep }): UserTool => {
    const t = TOPICS[topic] as Topic;
    return {
      kind: 'function',
      topic,
      oddity,
      name: oddity === 'name not a string' ? oddName : t.name,
      description: t.description,
      parameters: parametersOf(oddity, deep),
    };
  });

export const knowledgebaseToolArb: fc.Arbitrary<KnowledgebaseTool> = fc
  .integer({ min: 1, max: 10 })
  .map((limit) => ({ kind: 'knowledgebase', limit }));

/** The knowledgebase tool as both dialects declare it (RAG-KB-TOOL). */
export const knowledgebaseItem = (tool: KnowledgebaseTool) => ({
  type: KNOWLEDGEBASE_TOOL_TYPE,
  parameters: { limit: tool.limit },
});

/**
 * A tool list in any order and mix: up to five user tools, and the knowledgebase tool (when present) at any place
 * among them. Shrinks towards fewer tools and the knowledgebase tool first.
 */
export const toolListArb: fc.Arbitrary<Tool[]> = fc
  .record({
    users: fc.array(userToolArb, { maxLength: 5 }),
    knowledgebase: fc.option(knowledgebaseToolArb, { nil: undefined, freq: 3 }),
    at: fc.nat({ max: 5 }),
  })
  .map(({ users, knowledgebase, at }) => {
    if (!knowledgebase) return users;
    const place = Math.min(at, users.length);
    return [...users.slice(0, place), knowledgebase, ...users.slice(place)];
  });

/** How the request asks for a call: left to the model, a call required, or one tool named. */
export type Choice = 'unset' | 'auto' | 'required' | 'named' | 'none';

export const choiceArb: fc.Arbitrary<Choice> = fc.constantFrom<Choice>(
  'unset',
  'required',
  'named',
  'auto',
  'none',
);

/** The last user message: one that asks for what the k-th declared user tool does, or a question no tool is about. */
export type Ask = { tool: number } | { question: string };

export const askArb: fc.Arbitrary<Ask> = fc.oneof(
  { withCrossShrink: true },
  fc.nat({ max: 5 }).map((tool): Ask => ({ tool })),
  fc
    .constantFrom('How do refunds work?', 'What is the return policy?', 'hello')
    .map((question): Ask => ({ question })),
);

/** The text of an ask among `tools`: the k-th user tool's request (counted round), else a plain question. */
export function askText(ask: Ask, tools: readonly Tool[]): string {
  if ('question' in ask) return ask.question;
  const users = tools.filter((t): t is UserTool => t.kind === 'function');
  const tool = users[ask.tool % Math.max(1, users.length)];
  return tool ? (TOPICS[tool.topic] as Topic).ask : 'hello';
}
