/**
 * `fetch` functions that record to, or replay from, cassettes: what the official SDKs are given in record and replay
 * modes. Recording tees the answer's body, so the caller reads it as it streams while the whole of it (or what came
 * before a reset) is written down; replay rebuilds the answer, its delay, and a reset or a network error.
 */
import { bodyBytes } from './body.js';
import type { Interaction } from './cassette.js';
import type { CassetteRecorder, OutgoingRequest } from './recorder.js';
import type { CassetteReplayer } from './replayer.js';

/** Replay waits as long as the recording did before the answer only from this much on (a scripted delay, a timeout). */
export const REPLAY_DELAY_FLOOR_MS = 250;
const NULL_BODY = new Set([101, 204, 205, 304]);

export async function outgoing(
  input: Parameters<typeof fetch>[0],
  init?: RequestInit,
): Promise<OutgoingRequest & { signal: AbortSignal | undefined }> {
  const request = new Request(input, init);
  const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
  return {
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(request.headers.entries()),
    ...(body ? { body } : {}),
    signal: init?.signal ?? undefined,
  };
}

export function recordingFetch(
  recorder: () => CassetteRecorder,
  test: () => string | undefined,
  base: typeof fetch = globalThis.fetch,
  track: (p: Promise<unknown>) => void = () => {},
): typeof fetch {
  return async (input, init) => {
    const req = await outgoing(input, init);
    const pending = recorder().begin(req, test());
    let res: Response;
    try {
      res = await base(req.url, {
        ...init,
        method: req.method,
        headers: req.headers,
        ...(req.body ? { body: req.body } : {}),
      });
    } catch (err) {
      pending.failed(err);
      throw err;
    }
    pending.head();
    const head = { status: res.status, headers: Object.fromEntries(res.headers.entries()) };
    if (!res.body) {
      pending.answered(head, '');
      return res;
    }
    const [forCaller, forCassette] = res.body.tee();
    track(readAll(forCassette).then(({ bytes, ended }) => pending.answered(head, bytes, ended)));
    return new Response(forCaller, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

async function readAll(
  stream: ReadableStream<Uint8Array>,
): Promise<{ bytes: Uint8Array; ended: 'complete' | 'reset' }> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { bytes: Buffer.concat(chunks), ended: 'complete' };
      chunks.push(value);
    }
  } catch {
    return { bytes: Buffer.concat(chunks), ended: 'reset' };
  }
}

export function replayingFetch(replayer: CassetteReplayer, cassette: () => string): typeof fetch {
  return async (input, init) => {
    const req = await outgoing(input, init);
    const interaction = replayer.take(cassette(), req);
    await replayDelay(interaction, req.signal);
    return responseOf(interaction);
  };
}

/** How much longer than the recording a replay waits for a client that gave up on this request to give up again. */
const CLIENT_GAVE_UP_GRACE_MS = 10_000;

/**
 * Wait as long as the recording did before its answer, when that was long enough to matter; abortable. Where the
 * recording has no answer because the client itself gave up (its timeout aborted the request), the replay waits for
 * the client to give up again rather than failing first: the recorded time is measured from a later instant than the
 * client's own timer, so failing after it could beat the client's timeout by a few milliseconds.
 */
export function replayDelay(interaction: Interaction, signal: AbortSignal | undefined): Promise<void> {
  const clientGaveUp =
    !interaction.response && /abort/i.test(interaction.error ?? '') && signal !== undefined;
  const ms = clientGaveUp
    ? interaction.elapsed_ms + CLIENT_GAVE_UP_GRACE_MS
    : interaction.elapsed_ms >= REPLAY_DELAY_FLOOR_MS
      ? interaction.elapsed_ms
      : 0;
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The recorded answer as a fetch Response (a network error rejects like fetch does). */
export function responseOf(interaction: Interaction): Response {
  const r = interaction.response;
  if (!r) {
    throw new TypeError('fetch failed', {
      cause: Object.assign(new Error(interaction.error ?? 'network error'), { code: interaction.error }),
    });
  }
  const headers = new Headers();
  for (const [k, v] of Object.entries(r.headers)) {
    if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'content-encoding') headers.set(k, v);
  }
  if (NULL_BODY.has(r.status)) return new Response(null, { status: r.status, headers });
  const bytes = bodyBytes(r.body);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (bytes.length > 0) controller.enqueue(new Uint8Array(bytes));
      if (r.ended === 'reset')
        controller.error(new TypeError('terminated', { cause: new Error('other side closed') }));
      else controller.close();
    },
  });
  return new Response(body, { status: r.status, headers });
}
