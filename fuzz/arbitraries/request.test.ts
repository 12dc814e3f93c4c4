/** The fuzzer's input: reproducible from (seed, index), spread over the families as declared, paths classified right. */
import { describe, expect, it } from 'vitest';
import type { FuzzCase } from '../case.js';
import type { FuzzContext } from '../context.js';
import { caseSeed, drawCase } from '../engine/case-seed.js';
import { dialectOf } from './paths.js';
import { FAMILY_WEIGHTS, fuzzCaseArb } from './request.js';

const ctx: FuzzContext = {
  host: '127.0.0.1:4010',
  basePath: '/api/v1',
  orgBasePath: '/org/api/v1',
  controlPrefix: '/_control',
  tokens: [
    'api-v1-owner0000000000000000000000000000000000',
    'api-v1-viewer000000000000000000000000000000000',
  ],
  projectKey: 'apk-key00000000000000000000000000000',
  projectUid: 'project0000000001',
  otherProjectUid: 'project0000000002',
  widgetUid: 'widget00000000000001',
  sessionUid: 1_700_007_919,
  widgetSessionUid: '1700015838',
  playgroundSessionUid: 1_700_023_757,
  models: ['gpt-4o-mini', 'claude-3-5-haiku-latest'],
  ragModels: { openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest' },
};

const bytesOf = (c: FuzzCase) =>
  c.transport === 'raw'
    ? c.bytes
    : Buffer.concat([
        Buffer.from(`${c.method} ${c.path} ${JSON.stringify(c.headers)}`),
        c.body ?? Buffer.alloc(0),
      ]);

const familyOf = (c: FuzzCase): keyof typeof FAMILY_WEIGHTS => {
  if (c.transport === 'raw') return 'raw';
  if (c.target === 'unknown-route') return 'unknown route';
  if (c.target === 'wrong-method') return 'wrong method';
  if (c.target === 'control-no-secret') return 'control';
  if (c.dialect !== 'envelope') return 'rag';
  return /^(createSession|sendMessage|getChatbotExecutionLogs|searchIndexDocumentByProjectKey)$/.test(
    c.target,
  )
    ? 'integration'
    : 'platform';
};

describe('fuzz cases', () => {
  it('case I of seed S is the same request every time, whatever was drawn before, from a fresh arbitrary too [FUZZ-REPRODUCIBLE]', () => {
    const arb = fuzzCaseArb(ctx);
    const first = [0, 1, 2, 500, 12_345].map((i) => bytesOf(drawCase(arb, 99, i)));
    const again = [12_345, 500, 2, 1, 0].map((i) => bytesOf(drawCase(fuzzCaseArb(ctx), 99, i))).reverse();
    expect(again.map((b) => b.toString('hex'))).toEqual(first.map((b) => b.toString('hex')));
  });

  it('runs with other seeds draw other cases (no seed is another shifted by its index) [FUZZ-REPRODUCIBLE]', () => {
    const seeds = new Set<number>();
    for (let seed = 0; seed < 40; seed += 1) for (let i = 0; i < 40; i += 1) seeds.add(caseSeed(seed, i));
    expect(seeds.size).toBe(1_600);
  });

  it('the families get their declared shares, and huge payloads stay a small share [FUZZ-ERROR-SHAPE]', () => {
    const arb = fuzzCaseArb(ctx);
    const n = 3_000;
    const counts: Record<string, number> = {};
    let huge = 0;
    for (let i = 0; i < n; i += 1) {
      const c = drawCase(arb, 7, i);
      counts[familyOf(c)] = (counts[familyOf(c)] ?? 0) + 1;
      if (bytesOf(c).length > 100_000) huge += 1;
    }
    const total = Object.values(FAMILY_WEIGHTS).reduce((a, b) => a + b, 0);
    for (const [family, weight] of Object.entries(FAMILY_WEIGHTS)) {
      expect(counts[family] ?? 0, family).toBeGreaterThan((n * weight) / total / 1.5);
      expect(counts[family] ?? 0, family).toBeLessThan(((n * weight) / total) * 1.5);
    }
    expect(huge / n).toBeLessThan(0.05);
  });

  it('paths under {base_url}/openai and /anthropic are owed the native shape, any case, trailing slash and query aside [RAG-ERROR-SHAPE, CONV-PATH-MATCHING]', () => {
    expect(dialectOf('/api/v1/openai/chat/completions', ctx)).toBe('openai');
    expect(dialectOf('/API/V1/OpenAI/x?y=1', ctx)).toBe('openai');
    expect(dialectOf('/api/v1/openai', ctx)).toBe('openai');
    expect(dialectOf('/api/v1/anthropic/v1/messages/', ctx)).toBe('anthropic');
    expect(dialectOf('/api/v1/openaix', ctx)).toBe('envelope');
    expect(dialectOf('/org/api/v1/openai/chat/completions', ctx)).toBe('envelope');
    expect(dialectOf('/api/v1/getMyProjects', ctx)).toBe('envelope');
  });
});
