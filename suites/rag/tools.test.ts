/**
 * User-declared tools on the RAG endpoints: returned to the caller as native tool calls, tool_choice with its
 * native meaning, and the round trip where the caller sends the results back and the conversation continues.
 * What any deployment must do is tested with forcing tool_choice values; what the fake model chooses by itself
 * (FAKE-MODEL-DEFAULT) and scripted replies (FAKE-MODEL-SCRIPT) need the control API. The forcing tests ask a fresh
 * organization's project where the target offers the provider state (support/fresh-quota.ts), so they spend
 * nothing of the config key's RAG budget; else the configured project.
 */
import { describe, expect, it } from 'vitest';
import { ownRagKeyOfFile } from '../support/fresh-quota.js';
import { needRag } from '../support/rag.js';
import { type Answer, answer } from '../support/rag-answer.js';
import {
  type Ask,
  type CallMade,
  DIALECTS,
  ORDER_TOOL,
  type RagDialect,
  REFUND_QUESTION,
  SMALL_TALK,
  WEATHER_QUESTION,
  WEATHER_TOOL,
  withToolResults,
} from '../support/rag-wire.js';
import { scriptedWorldVia } from '../support/rag-world.js';
import { assumed, continueIfAssumedHeld, documented } from '../support/strength.js';
import { useTarget } from '../support/use-target.js';
import type { Auth } from '../target/target.js';

const target = useTarget();
/** The key of the tests any deployment runs: a fresh organization's where there is one, else the config's. */
const ownKey = ownRagKeyOfFile(target);
const ownAuth = async () => (await ownKey())?.auth;

const TOOLS = [WEATHER_TOOL, ORDER_TOOL];
const NAMES = TOOLS.map((t) => t.name);

/**
 * The tool calls an answer hands the caller are native calls of declared tools (RAG-USER-TOOLS-RETURNED, bound to
 * it whatever the test cites): only declared names, distinct ids, object arguments, and the native stop reason
 * (`tool_calls`, Anthropic `tool_use`) whenever there is one.
 */
function expectWellFormedCalls(a: Answer, names: readonly string[] = NAMES): CallMade[] {
  documented('RAG-USER-TOOLS-RETURNED', () => {
    if (a.toolCalls.length > 0) expect(a.stop, 'a turn that hands calls over').toBe('tool_calls');
    for (const call of a.toolCalls) {
      expect(names).toContain(call.name);
      expect(call.id.length).toBeGreaterThan(0);
      expect(typeof call.arguments).toBe('object');
    }
    expect(new Set(a.toolCalls.map((c) => c.id)).size, 'distinct call ids').toBe(a.toolCalls.length);
  });
  return a.toolCalls;
}

/** The answer hands tool calls to the caller: at least one (see expectWellFormedCalls for what they are). */
function expectToolCalls(a: Answer, names: readonly string[] = NAMES): CallMade[] {
  expect(a.toolCalls.length, `tool calls; text: ${a.text}`).toBeGreaterThan(0);
  return expectWellFormedCalls(a, names);
}

/** A text answer that ended by itself, as the fake model gives one (only ever checked under an assumed clause). */
function expectTextAnswer(a: Answer): void {
  expect(a.toolCalls).toEqual([]);
  expect(a.stop).toBe('end');
  expect(a.text.length).toBeGreaterThan(0);
}

/**
 * The follow-up after tool results continues with a new answer (RAG-TOOL-RESULT-CONTINUES): new calls of declared
 * tools, or a reply with text, however it ended (by itself or at the output budget: how long a reply a model writes
 * is its own).
 */
function expectContinues(next: Answer, calls: readonly CallMade[]): void {
  if (next.toolCalls.length > 0) {
    expectToolCalls(next);
    const before = new Set(calls.map((c) => c.id));
    for (const c of next.toolCalls) expect(before.has(c.id), 'a new call, not the old one').toBe(false);
  } else {
    expect(next.stop, 'a reply, not a tool turn').not.toBe('tool_calls');
    expect(next.text.length, 'a reply with text').toBeGreaterThan(0);
  }
}

/**
 * What the fake model decides under `auto` (FAKE-MODEL-DEFAULT); that `auto`, the native default, lets the model
 * decide is the fake's reading of tool_choice too (RAG-TOOL-CHOICE).
 */
const fakeDecides = (check: () => void): void => {
  assumed('RAG-TOOL-CHOICE', () => {
    assumed('FAKE-MODEL-DEFAULT', check);
  });
};

/** A question with both user tools declared: the weather question unless `extra` says otherwise. */
const ask = (model: string, extra: Partial<Ask> = {}): Ask => ({
  model,
  messages: WEATHER_QUESTION,
  tools: TOOLS,
  maxTokens: 300,
  ...extra,
});

const PARIS = JSON.stringify({ city: 'Paris', temperature_c: 18, conditions: 'sunny' });

/**
 * Ask `first`, expecting tool calls under `why` (the assumed clause that makes the answer call a tool); send PARIS
 * back as the result of each: the calls and the next answer, or undefined when there was no call to answer.
 * Both requests carry `auth` (default: the config's key).
 */
async function weatherRoundTrip(
  dialect: RagDialect,
  first: Ask,
  why: 'RAG-TOOL-CHOICE' | 'FAKE-MODEL-DEFAULT',
  auth?: Auth,
): Promise<{ calls: CallMade[]; next: Answer } | undefined> {
  const a = await answer(target(), dialect, first, auth);
  const calls = expectWellFormedCalls(a);
  assumed(why, () => expectToolCalls(a));
  if (calls.length === 0) return undefined;
  const next = await answer(
    target(),
    dialect,
    withToolResults(
      first,
      calls,
      calls.map(() => PARIS),
    ),
    auth,
  );
  return { calls, next };
}

describe.each(DIALECTS)('%s-style endpoint: user tools', (dialect: RagDialect) => {
  it('a tool named in tool_choice is called and handed to the caller as a native tool call [RAG-USER-TOOLS-RETURNED, RAG-TOOL-CHOICE]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const auth = await ownAuth();
    const a = await answer(target(), dialect, ask(model, { toolChoice: { name: ORDER_TOOL.name } }), auth);
    expectWellFormedCalls(a);
    assumed('RAG-TOOL-CHOICE', () => {
      const calls = expectToolCalls(a);
      for (const call of calls) expect(call.name).toBe(ORDER_TOOL.name);
    });
  });

  it('`required` (Anthropic `any`) always calls a declared tool, even for small talk [RAG-TOOL-CHOICE, RAG-USER-TOOLS-RETURNED]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const auth = await ownAuth();
    const a = await answer(
      target(),
      dialect,
      ask(model, { messages: SMALL_TALK, toolChoice: 'required' }),
      auth,
    );
    expectWellFormedCalls(a);
    assumed('RAG-TOOL-CHOICE', () => expectToolCalls(a));
  });

  it('`none` never calls a tool, even when asked for exactly what one does [RAG-TOOL-CHOICE]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const auth = await ownAuth();
    const a = await answer(target(), dialect, ask(model, { toolChoice: 'none' }), auth);
    assumed('RAG-TOOL-CHOICE', () => expectTextAnswer(a));
  });

  it('`auto` answers either with text or with calls of declared tools [RAG-TOOL-CHOICE, RAG-USER-TOOLS-RETURNED]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const auth = await ownAuth();
    for (const messages of [WEATHER_QUESTION, SMALL_TALK]) {
      const a = await answer(target(), dialect, ask(model, { messages, toolChoice: 'auto' }), auth);
      expectWellFormedCalls(a);
      assumed('RAG-TOOL-CHOICE', () => {
        if (a.toolCalls.length > 0) expectToolCalls(a);
        else expectTextAnswer(a);
      });
    }
  });

  it('the caller sends the tool result back and the follow-up request gets a new answer [RAG-TOOL-RESULT-CONTINUES, RAG-USER-TOOLS-RETURNED]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect);
    const auth = await ownAuth();
    const trip = await weatherRoundTrip(
      dialect,
      ask(model, { toolChoice: { name: WEATHER_TOOL.name } }),
      'RAG-TOOL-CHOICE',
      auth,
    );
    if (trip) expectContinues(trip.next, trip.calls);
  });
});

describe.each(DIALECTS)('%s-style endpoint: tools and the fake model', (dialect: RagDialect) => {
  it('with `auto`, asking for what a tool does calls it with arguments from the message; small talk gets text [FAKE-MODEL-DEFAULT, RAG-TOOL-CHOICE, RAG-USER-TOOLS-RETURNED]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect, { control: 'the fake model' });
    const weather = await answer(target(), dialect, ask(model));
    expectWellFormedCalls(weather);
    fakeDecides(() => {
      const [call, ...more] = expectToolCalls(weather);
      expect(more).toEqual([]);
      expect(call!.name).toBe(WEATHER_TOOL.name);
      expect(JSON.stringify(call!.arguments)).toContain('Paris');
    });
    const talk = await answer(target(), dialect, ask(model, { messages: SMALL_TALK }));
    expectWellFormedCalls(talk);
    fakeDecides(() => expectTextAnswer(talk));
  });

  it('after the tool result the answer is built on it [FAKE-MODEL-DEFAULT, RAG-TOOL-RESULT-CONTINUES]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect, { control: 'the fake model' });
    const trip = await weatherRoundTrip(dialect, ask(model), 'FAKE-MODEL-DEFAULT');
    continueIfAssumedHeld(Boolean(trip), 'FAKE-MODEL-DEFAULT', 'the rest of this test');
    if (!trip) return;
    const { calls, next } = trip;
    expectContinues(next, calls);
    assumed('FAKE-MODEL-DEFAULT', () => {
      expectTextAnswer(next);
      expect(next.text).toContain(WEATHER_TOOL.name);
      expect(next.text).toContain('sunny');
    });
  });

  it('tool_choice `none` does not switch off the knowledgebase tool [RAG-TOOL-CHOICE, FAKE-MODEL-DEFAULT, RAG-SERVER-RETRIEVAL]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect, { control: 'the fake model' });
    const a = await answer(target(), dialect, {
      model,
      messages: REFUND_QUESTION,
      tools: TOOLS,
      toolChoice: 'none',
      knowledgebase: { limit: 3 },
      maxTokens: 1000,
    });
    // Never the knowledgebase tool: only declared user tools come back (RAG-SERVER-RETRIEVAL).
    expectWellFormedCalls(a);
    assumed('RAG-TOOL-CHOICE', () => expectTextAnswer(a));
    assumed('FAKE-MODEL-DEFAULT', () => expect(a.sources.length, 'retrieval still ran').toBeGreaterThan(0));
  });

  it('scripted tool calls come back in order with their arguments, after the scripted text; their results continue the conversation [FAKE-MODEL-SCRIPT, RAG-USER-TOOLS-RETURNED, RAG-TOOL-RESULT-CONTINUES]', async (ctx) => {
    const model = await needRag(ctx, target(), dialect, { control: 'a scripted model reply' });
    const world = await scriptedWorldVia(target().control!, [
      {
        kind: 'tool_call',
        text: 'Let me check both.',
        calls: [
          { name: ORDER_TOOL.name, arguments: { order_number: 'AL-1042' } },
          { name: WEATHER_TOOL.name, arguments: { city: 'Lyon' } },
        ],
      },
    ]);
    const first = ask(model, { messages: SMALL_TALK });
    const a = await answer(target(), dialect, first, world.auth);
    const calls = expectWellFormedCalls(a);
    assumed('FAKE-MODEL-SCRIPT', () => {
      expectToolCalls(a);
      expect(a.text).toBe('Let me check both.');
      expect(calls.map((c) => [c.name, c.arguments])).toEqual([
        [ORDER_TOOL.name, { order_number: 'AL-1042' }],
        [WEATHER_TOOL.name, { city: 'Lyon' }],
      ]);
    });
    if (calls.length === 0) return;
    const next = await answer(
      target(),
      dialect,
      withToolResults(first, calls, ['{"status":"shipped"}', '{"conditions":"rainy"}'], a.text),
      world.auth,
    );
    expectContinues(next, calls);
    assumed('FAKE-MODEL-DEFAULT', () => {
      expectTextAnswer(next);
      expect(next.text).toContain('shipped');
      expect(next.text).toContain('rainy');
    });
  });
});
