/**
 * A scripted tool use (control API only) seen through the @anthropic-ai/sdk, as a client developer uses it to test
 * a tool loop: the call comes back as a `tool_use` block with exactly the scripted input, unstreamed and through
 * stream(). The scripted replies both SDKs read alike are in sdk-script.test.ts.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import { needRag } from '../support/rag.js';
import { anthropicClient } from '../support/sdk-clients.js';
import { assumed, documented } from '../support/strength.js';
import { useTarget } from '../support/use-target.js';
import { clearRepliesIfAny, queueReplies } from './reply-queue.js';
import {
  type AnthropicParams,
  anthropicOrderTool,
  ORDER_QUESTION,
  ORDER_TOOL_NAME,
  SCRIPTED_ORDER_ARGS,
  scriptedOrderCall,
} from './sdk-asks.js';

const target = useTarget();

describe('scripted replies through the @anthropic-ai/sdk [FAKE-MODEL-SCRIPT, RAG-SDK-COMPATIBLE]', () => {
  beforeEach(() => clearRepliesIfAny(target()));

  it('a scripted tool use comes back with exactly the given input, unstreamed and through stream() [RAG-USER-TOOLS-RETURNED, RAG-ANTHROPIC-STREAM-GRAMMAR]', async (ctx) => {
    const model = await needRag(ctx, target(), 'anthropic', { control: 'a scripted model reply' });
    await queueReplies(target(), [scriptedOrderCall, scriptedOrderCall]);
    const client = anthropicClient(target());
    const request: AnthropicParams = {
      model,
      max_tokens: 256,
      messages: [{ role: 'user', content: ORDER_QUESTION }],
      tools: [anthropicOrderTool],
    };

    const plain = await client.messages.create(request);
    let streamed: Anthropic.Messages.Message | undefined;
    // The SDK's helper parses the native stream (documented by reference).
    await documented('RAG-ANTHROPIC-STREAM-GRAMMAR', async () => {
      streamed = await client.messages.stream(request).finalMessage();
    });
    for (const message of streamed ? [plain, streamed] : [plain]) {
      const uses = message.content.filter((b) => b.type === 'tool_use');
      // A tool use comes back as the native tool_use block of the declared tool (RAG-USER-TOOLS-RETURNED).
      documented('RAG-USER-TOOLS-RETURNED', () => {
        if (uses.length > 0) expect(message.stop_reason).toBe('tool_use');
        for (const use of uses) expect(use).toMatchObject({ type: 'tool_use', name: ORDER_TOOL_NAME });
      });
      // What the queued reply says is the fake's script.
      assumed('FAKE-MODEL-SCRIPT', () => {
        expect(message.stop_reason).toBe('tool_use');
        const text = message.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
        expect(text).toBe('Let me check that order.');
        expect(uses).toHaveLength(1);
        expect(uses[0]).toMatchObject({
          type: 'tool_use',
          name: ORDER_TOOL_NAME,
          input: SCRIPTED_ORDER_ARGS,
        });
      });
    }
  });
});
