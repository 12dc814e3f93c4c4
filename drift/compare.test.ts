import { describe, expect, it } from 'vitest';
import { compareAnswers } from './compare.js';
import {
  altered,
  anthropicFrames,
  errorBody,
  json,
  openaiFrames,
  pair,
  projectsBody,
  sse,
} from './pairs.test-support.js';
import type { DriftAnswer, DriftPair } from './types.js';

const compare = (real: DriftAnswer, fake: DriftAnswer | undefined, extra: Partial<DriftPair> = {}) =>
  compareAnswers(pair(real, fake, extra));

const projects = (edit: (b: ReturnType<typeof projectsBody>) => void, count = 2) =>
  json(200, altered(projectsBody(count), edit));

const anthropic = { operationId: 'anthropicMessages', path: '/anthropic/v1/messages' };

describe('real vs fake, JSON answers', () => {
  it('finds nothing between identical answers, nor between lists of different lengths [DRIFT-COMPARE-SHAPES]', () => {
    expect(compare(json(200, projectsBody()), json(200, projectsBody()))).toEqual([]);
    expect(compare(json(200, projectsBody(10)), json(200, projectsBody(3)))).toEqual([]);
    expect(compare(json(401, errorBody()), json(401, errorBody()))).toEqual([]);
  });

  it('reports a field that only the real elements carry, at the merged element path [DRIFT-COMPARE-SHAPES]', () => {
    const fake = projects((b) => {
      delete (b.data[1] as Partial<(typeof b.data)[1]>).purpose;
      for (const p of b.data) delete (p as Partial<typeof p>).name;
    });
    expect(compare(json(200, projectsBody()), fake)).toEqual([
      { kind: 'presence', path: '$.data[].name', real: '"Project 1"', detail: 'only in the real answer' },
    ]);
  });

  it('reports a field only the fake sends, and a missing object once [DRIFT-COMPARE-SHAPES]', () => {
    const real = projects((b) => {
      for (const p of b.data) delete (p as Partial<typeof p>).integration_setting;
    });
    const fake = projects((b) => {
      (b as Record<string, unknown>).page = 1;
    });
    expect(compare(real, fake)).toEqual([
      {
        kind: 'presence',
        path: '$.data[].integration_setting',
        fake: '{"id":3,"project_id":1,"widget_uid":"w-1"}',
        detail: "only in the fake's answer",
      },
      { kind: 'presence', path: '$.page', fake: '1', detail: "only in the fake's answer" },
    ]);
  });

  it('reports a changed JSON type, and no element difference against an empty array [DRIFT-COMPARE-SHAPES]', () => {
    const fake = projects((b) => {
      for (const p of b.data) (p as { id: unknown }).id = `p${p.id}`;
      b.data[0]!.ProjectMembers = [];
    });
    const real = projects((b) => {
      b.data[1]!.ProjectMembers = [];
    });
    expect(compare(real, fake)).toEqual([
      {
        kind: 'type',
        path: '$.data[].id',
        real: 'number',
        fake: 'string',
        detail: 'JSON type differs: real number, fake string',
      },
    ]);
    expect(
      compare(
        json(200, projectsBody()),
        projects((b) => (b.data = []), 0),
      ),
    ).toEqual([]);
  });

  it('reports a changed message and a changed status [DRIFT-COMPARE-SHAPES]', () => {
    const fake = projects((b) => {
      b.message = 'Projects retrieved';
    });
    expect(compare(json(200, projectsBody()), fake)).toEqual([
      {
        kind: 'message',
        path: '$.message',
        real: 'Projects fetched successfully',
        fake: 'Projects retrieved',
        detail: 'message differs',
      },
    ]);
    expect(compare(json(401, errorBody()), json(403, errorBody()))).toEqual([
      { kind: 'status', path: '$', real: '401', fake: '403', detail: 'status differs: real 401, fake 403' },
    ]);
  });

  it('reports RXERROR against RXSUCCESS as status and envelope only [DRIFT-COMPARE-SHAPES]', () => {
    expect(compare(json(401, errorBody()), json(200, projectsBody()))).toEqual([
      { kind: 'status', path: '$', real: '401', fake: '200', detail: 'status differs: real 401, fake 200' },
      {
        kind: 'envelope',
        path: '$',
        real: 'RXERROR',
        fake: 'RXSUCCESS with data',
        detail: 'envelope differs: real RXERROR, fake RXSUCCESS with data',
      },
    ]);
  });

  it('compares native error messages and explains a missing fake answer [DRIFT-COMPARE-SHAPES]', () => {
    const native = (message: string) => ({ type: 'error', error: { type: 'rate_limit_error', message } });
    expect(
      compare(json(429, native('Slow down')), json(429, native('Rate limit reached')), anthropic),
    ).toEqual([
      {
        kind: 'message',
        path: '$.error.message',
        real: 'Slow down',
        fake: 'Rate limit reached',
        detail: 'message differs',
      },
    ]);
    expect(compare(json(200, projectsBody()), undefined, { fakeError: 'ECONNREFUSED' })).toEqual([
      { kind: 'status', path: '$', real: '200', detail: 'the fake gave no answer: ECONNREFUSED' },
    ]);
  });
});

describe('real vs fake, streams', () => {
  it('finds nothing between streams of different lengths with the same events [DRIFT-COMPARE-SHAPES]', () => {
    expect(compare(sse(anthropicFrames(['a', 'b', 'c'])), sse(anthropicFrames(['abc'])), anthropic)).toEqual(
      [],
    );
    const openai = { operationId: 'openaiChatCompletions', path: '/openai/chat/completions' };
    expect(compare(sse(openaiFrames(['x', 'y'])), sse(openaiFrames(['xyz'])), openai)).toEqual([]);
  });

  it('reports a stream missing its final event [DRIFT-COMPARE-SHAPES]', () => {
    expect(compare(sse(anthropicFrames()), sse(anthropicFrames().slice(0, -1)), anthropic)).toEqual([
      {
        kind: 'presence',
        path: '$events[message_stop]',
        real: '1 event',
        detail: 'event type only in the real stream',
      },
    ]);
  });

  it('reports a different event order and a field of one event type [DRIFT-COMPARE-SHAPES]', () => {
    const frames = anthropicFrames();
    const ping = { event: 'ping', data: '{"type":"ping"}' };
    const real = sse([frames[0]!, ping, ...frames.slice(1)]);
    const fake = sse(
      [...frames.slice(0, 2), ping, ...frames.slice(2)].map((f) =>
        f.event === 'message_delta' ? { ...f, data: f.data.replace('"usage":', '"sources":[],"usage":') } : f,
      ),
    );
    expect(compare(real, fake, anthropic)).toEqual([
      {
        kind: 'envelope',
        path: '$events',
        real: 'message_start → ping → content_block_start → content_block_delta → content_block_stop → message_delta → message_stop',
        fake: 'message_start → content_block_start → ping → content_block_delta → content_block_stop → message_delta → message_stop',
        detail: 'the event types come in a different order (runs of one type counted once)',
      },
      {
        kind: 'presence',
        path: '$events[message_delta].sources',
        fake: '[]',
        detail: "only in the fake's answer",
      },
    ]);
  });
});
