/**
 * How the fake counts the usage of a RAG answer (assumed clause RAG-USAGE-TOKENIZER), written once: the fake bills
 * with it and the suites may recompute a fake's usage with it. `count` is a real tokenizer (o200k_base).
 *
 *   output = tokens(text) + Σ per tool call tokens(name + JSON(arguments))
 *   input  = tokens(system)
 *          + Σ per turn (tokens(text) + Σ per tool call of the turn tokens(name + JSON(arguments)) + 3)
 *          + tokens(JSON(tools))            (0 without user tools)
 *          + Σ per source tokens(content)   (the retrieved chunks fed to the model)
 *          + 3
 *
 *   credits = round((input + output) × credits_per_1k_tokens / 1000, 3 decimals)   (RAG-CREDITS-PER-TOKEN-PRICE)
 *
 * A turn is a user message, an assistant message (its text and tool calls) or one tool result (its text).
 * `tools` are the user-declared tools as {name, description, parameters} in that key order (description ''
 * and parameters {} when absent); the knowledgebase tool is not among them.
 */

export interface TokenCounter {
  count(text: string): number;
}

export interface UsageToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface UsagePrompt {
  system: string;
  turns: readonly { text: string; toolCalls?: readonly UsageToolCall[] }[];
  tools: readonly { name: string; description: string; parameters: Record<string, unknown> }[];
  sources: readonly { content: string }[];
}

/** Tokens added per turn and per request (the message framing of chat formats). */
export const usageOverhead = { perTurn: 3, perRequest: 3 } as const;

export function toolCallTokens(t: TokenCounter, call: UsageToolCall): number {
  return t.count(call.name + JSON.stringify(call.arguments));
}

export function outputTokens(t: TokenCounter, text: string, calls: readonly UsageToolCall[]): number {
  return calls.reduce((sum, call) => sum + toolCallTokens(t, call), t.count(text));
}

/** A text written whole by a JSON writer (jsonText). */
class Written {
  constructor(readonly text: string) {}
}

/**
 * JSON.stringify of a parsed JSON value, without recursion: a tool's parameters may nest hundreds of thousands of
 * levels under the body limit, past JSON.stringify's stack (a RangeError at about 5,000 levels on Node 20).
 */
export function jsonText(value: unknown): string {
  let out = '';
  const work: unknown[] = [value];
  const absent = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';
  while (work.length > 0) {
    const v = work.pop();
    if (v instanceof Written) out += v.text;
    else if (Array.isArray(v)) {
      out += '[';
      work.push(new Written(']'));
      for (let i = v.length - 1; i >= 0; i--) {
        work.push(absent(v[i]) ? null : v[i]);
        if (i > 0) work.push(new Written(','));
      }
    } else if (v !== null && typeof v === 'object') {
      out += '{';
      work.push(new Written('}'));
      const entries = Object.entries(v).filter(([, x]) => !absent(x));
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, x] = entries[i] as [string, unknown];
        work.push(x, new Written(`${JSON.stringify(key)}:`));
        if (i > 0) work.push(new Written(','));
      }
    } else out += JSON.stringify(v) ?? 'null';
  }
  return out;
}

export function inputTokens(t: TokenCounter, p: UsagePrompt): number {
  let n = t.count(p.system) + usageOverhead.perRequest;
  for (const turn of p.turns) n += outputTokens(t, turn.text, turn.toolCalls ?? []) + usageOverhead.perTurn;
  if (p.tools.length > 0) {
    const tools = p.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
    }));
    n += t.count(jsonText(tools));
  }
  for (const s of p.sources) n += t.count(s.content);
  return n;
}

/** The price of a RAG answer in credits, to 3 decimals. */
export function ragCredits(tokens: number, creditsPer1kTokens: number): number {
  return Math.round(tokens * creditsPer1kTokens) / 1000;
}
