/**
 * A scripted tool call (control API only) seen through the openai SDK, as a client developer uses it to test a tool
 * loop: the call comes back as `tool_calls` with exactly the scripted arguments, unstreamed and through stream().
 * The scripted replies both SDKs read alike are in sdk-script.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { needRag } from '../support/rag.js';
import { openaiClient } from '../support/sdk-clients.js';
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

  it('a scripted tool call comes back with exactly the given arguments, unstreamed and through stream() [RAG-USER-TOOLS-RETURNED]', async (ctx) => {
    const model = await needRag(ctx, target(), 'openai', { control: true });
    await queueReplies(target(), [scriptedOrderCall, scriptedOrderCall]);
    const client = openaiClient(target());
    const request: OpenAIParams = {
      model,
      messages: [{ role: 'user', content: ORDER_QUESTION }],
      tools: [openaiOrderTool],
    };

    const plain = await client.chat.completions.create(request);
    const streamed = await client.chat.completions.stream(request).finalChatCompletion();
    for (const completion of [plain, streamed]) {
      const choice = completion.choices[0]!;
      expect(choice.finish_reason).toBe('tool_calls');
      expect(choice.message.content).toBe('Let me check that order.');
      const calls = choice.message.tool_calls ?? [];
      expect(calls).toHaveLength(1);
      const call = calls[0]!;
      expect(call.type).toBe('function');
      if (call.type !== 'function') continue;
      expect(call.function.name).toBe(ORDER_TOOL_NAME);
      expect(JSON.parse(call.function.arguments)).toEqual(SCRIPTED_ORDER_ARGS);
    }
  });
});
