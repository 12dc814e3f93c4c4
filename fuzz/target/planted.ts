/**
 * A planted server error for checking the fuzzer end to end (issue 40's done-when): a server that answers 500 when
 * its model calls a declared tool whose `name` is not a string, as one of the four servers of issue 40 did. The model
 * calls a tool when the last user message asks for what it does (a word of its description, as the fake's canned
 * model decides, FAKE-MODEL-DEFAULT) or when tool_choice requires a call. As a rule of the breaking proxy
 * (broken/proxy.ts, not among broken/rules: no suite test is meant to catch it) it stands in front of the fake.
 */
import type { BreakingRule } from '../../broken/rule.js';
import { FUZZ_TEST_FILE } from './settings.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The text of a message's content: a string, or its text blocks. */
const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((b) => (isObject(b) && typeof b.text === 'string' ? b.text : '')).join(' ')
      : '';

const words = (text: string): Set<string> =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 4),
  );

/** The user tools of a RAG body, as {name, description}, in either dialect. */
const userTools = (body: Json): { name: unknown; description: unknown }[] =>
  (Array.isArray(body.tools) ? body.tools : []).flatMap((t) => {
    if (!isObject(t) || t.type === 'service:knowledgebase') return [];
    const fn = t.type === 'function' && isObject(t.function) ? t.function : t;
    return [{ name: fn.name, description: fn.description }];
  });

/** Whether a RAG request (its path and JSON text) makes the planted server fail. */
export function callsToolNamedByNoString(path: string, text: string): boolean {
  if (!/\/(chat\/completions|v1\/messages)$/.test(path)) return false;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  if (!isObject(body) || !Array.isArray(body.messages)) return false;
  const last = [...body.messages].reverse().find((m) => isObject(m) && m.role === 'user') as Json | undefined;
  const asked = words(textOf(last?.content));
  const choice = body.tool_choice;
  const required =
    choice === 'required' ||
    (isObject(choice) && (choice.type === 'any' || choice.type === 'function' || choice.type === 'tool'));
  return userTools(body).some(
    (t, i) =>
      typeof t.name !== 'string' &&
      ((required && i === 0) || [...words(String(t.description ?? ''))].some((w) => asked.has(w))),
  );
}

export const plantedRule: BreakingRule = {
  id: 'fuzz-planted-tool-name',
  name: 'a 500 when the model calls a declared tool whose name is not a string',
  clause: 'ERR-NEVER-5XX',
  section: 'user tools',
  caughtBy: FUZZ_TEST_FILE,
  start: () => ({
    request: (req) =>
      req.route === 'base' &&
      req.method === 'POST' &&
      callsToolNamedByNoString(req.path, req.body.toString('utf8'))
        ? {
            status: 500,
            headers: { 'content-type': 'application/json' },
            body: Buffer.from('{"error":{"message":"Internal Server Error"}}'),
          }
        : req,
  }),
};
