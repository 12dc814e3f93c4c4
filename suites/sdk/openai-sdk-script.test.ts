/**
 * A scripted tool call (control API only) seen through the openai SDK, as a client developer uses it to test a tool
 * loop: the call comes back as `tool_calls` with exactly the scripted arguments, unstreamed and through stream().
 * The scripted replies both SDKs read alike are in sdk-script.test.ts.
 */
import type OpenAI from 'openai';
import { beforeEach, describe, expect, it } from 'vitest';
import { needRag } from '../support/rag.js';
import { openaiClient } from '../support/sdk-clients.js';
import { assumed, documented } from '../support/strength.js';
import { useTarget } from '../support/use-target.js';
import { clearRepliesIfAny, queueReplies } from './reply-queue.js';
import {
  type OpenAIParams,
  ORDER_QUESTION,
  ORDER_TOOL_NAME,
  openaiOrderTool,
  SCRIPTED_ORDER_ARGS,
  scriptedOrderCall,
} from './sdk-asks.js';

const target = useTarget();

describe('scripted replies through the openai SDK [FAKE-MODEL-SCRIPT, RAG-SDK-COMPATIBLE]', () => {
  beforeEach(() => clearRepliesIfAny(target()));

  it('a scripted tool call comes back with exactly the given arguments, unstreamed and through stream() [RAG-USER-TOOLS-RETURNED, RAG-OPENAI-STREAM-GRAMMAR]', async (ctx) => {
    const model = await needRag(ctx, target(), 'openai', { control: 'a scripted model reply' });
    await queueReplies(target(), [scriptedOrderCall, scriptedOrderCall]);
    const client = openaiClient(target());
    const request: OpenAIParams = {
      model,
      messages: [{ role: 'user', content: ORDER_QUESTION }],
      tools: [openaiOrderTool],
    };

    const plain = await client.chat.completions.create(request);
    let streamed: OpenAI.Chat.ChatCompletion | undefined;
    // The SDK's helper parses the native stream (documented by reference).
    await documented('RAG-OPENAI-STREAM-GRAMMAR', async () => {
      streamed = await client.chat.completions.stream(request).finalChatCompletion();
    });
    for (const completion of streamed ? [plain, streamed] : [plain]) {
      const choice = completion.choices[0]!;
      const calls = choice.message.tool_calls ?? [];
      // A tool call comes back as the native tool_calls of the declared tool (RAG-USER-TOOLS-RETURNED).
      documented('RAG-USER-TOOLS-RETURNED', () => {
        if (calls.length > 0) expect(choice.finish_reason).toBe('tool_calls');
        for (const call of calls) {
          expect(call.type).toBe('function');
          if (call.type === 'function') expect(call.function.name).toBe(ORDER_TOOL_NAME);
        }
      });
      // What the queued reply says is the fake's script.
      assumed('FAKE-MODEL-SCRIPT', () => {
        expect(choice.finish_reason).toBe('tool_calls');
        expect(choice.message.content).toBe('Let me check that order.');
        expect(calls).toHaveLength(1);
        const call = calls[0]!;
        expect(call.type).toBe('function');
        if (call.type !== 'function') return;
        expect(call.function.name).toBe(ORDER_TOOL_NAME);
        expect(JSON.parse(call.function.arguments)).toEqual(SCRIPTED_ORDER_ARGS);
      });
    }
  });
});
