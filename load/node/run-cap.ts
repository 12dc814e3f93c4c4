/**
 * The Node-side load check: the k6 cap scenarios run with undici instead of k6, through the same load/lib logic
 * (credentials minted through the control API, the same request, the same counting, verdict and report). `cap +
 * extra` requests go out from `concurrency` workers sharing one request index, as k6's shared-iterations executor
 * hands out iterations.
 */
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { ConfigError, type LoadConfig } from '../lib/config.ts';
import { errorMessageOf, type HttpCall, type HttpResult } from '../lib/http.ts';
import { percentile } from '../lib/percentile.ts';
import { type Credentials, familyCall } from '../lib/requests.ts';
import type { CapRun } from '../lib/scripts.ts';
import { type CapReport, capReport, type Recovery } from '../lib/summary.ts';
import { type Response, tallyCap } from '../lib/verdict.ts';
import { advancePastWindow, mintCredentials, runAsync } from '../lib/world.ts';

export type Send = (call: HttpCall) => Promise<HttpResult>;

/** A sender over one undici Agent; a network error answers status 0 with the error as body. */
export function undiciSender(dispatcher: Agent): Send {
  return async (call) => {
    try {
      const res = await request(call.url, {
        method: call.method,
        headers: call.headers,
        ...(call.body !== undefined ? { body: call.body } : {}),
        dispatcher,
      });
      return { status: res.statusCode, body: await res.body.text() };
    } catch (e) {
      return { status: 0, body: JSON.stringify({ message: (e as Error).message }) };
    }
  };
}

/** Credentials of the run: minted through the control API, or the configured ones. */
async function credentialsFor(
  run: CapRun,
  config: LoadConfig,
  send: Send,
  suffix: string,
): Promise<Credentials> {
  const model = config.ragModel ? { ragModel: config.ragModel } : {};
  if (!config.control) {
    return {
      ...(config.token ? { token: config.token } : {}),
      ...(config.projectKey ? { projectKey: config.projectKey } : {}),
      ...model,
    };
  }
  const minted = await runAsync(
    mintCredentials(config.control, run.family, {
      suffix,
      plan: run.ragPlan ?? 'advanced',
      ...(config.expectedCap !== undefined ? { enterpriseCap: config.expectedCap } : {}),
    }),
    send,
  );
  return { ...minted, ...model };
}

/** `sent` requests from `concurrency` workers; each response with its issue index, and every latency. */
async function fire(
  call: HttpCall,
  sent: number,
  concurrency: number,
  send: Send,
): Promise<{ responses: Response[]; latenciesMs: number[] }> {
  const responses: Response[] = [];
  const latenciesMs: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < sent; index = next++) {
      const started = performance.now();
      const res = await send(call);
      latenciesMs.push(performance.now() - started);
      responses.push({
        index,
        status: res.status,
        message: res.status === 429 ? errorMessageOf(res.body) : undefined,
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { responses, latenciesMs };
}

/** With the control API: move the clock past the window; the next request must succeed again. */
async function recover(config: LoadConfig, call: HttpCall, send: Send): Promise<Recovery> {
  if (!config.control)
    return { status: 'not-checked', detail: 'no control API: it would take the real hour' };
  const { windowMs } = await runAsync(advancePastWindow(config.control), send);
  const res = await send(call);
  return res.status >= 200 && res.status < 300
    ? { status: 'ok', detail: `the first request after the ${windowMs} ms window succeeded` }
    : {
        status: 'failed',
        detail: `after the ${windowMs} ms window the request got ${res.status} ${res.body.slice(0, 200)}`,
      };
}

export interface RunCapOptions {
  /** Makes minted names unique on a shared fake; default from the time. */
  suffix?: string;
}

export async function runCap(
  run: CapRun,
  config: LoadConfig,
  options: RunCapOptions = {},
): Promise<CapReport> {
  if (run.distribution) {
    throw new ConfigError([
      `INSTANCE_COUNT=${run.distribution.instances} splits a k6 run over instances; the Node-side check sends a whole run from one process: unset it`,
    ]);
  }
  const dispatcher = new Agent({ connections: run.plan.concurrency + 2 });
  try {
    const send = undiciSender(dispatcher);
    const suffix =
      options.suffix ?? `${Date.now().toString(36)}-${Math.floor(performance.now()).toString(36)}`;
    const credentials = await credentialsFor(run, config, send, suffix);
    const call = familyCall(run.family, config.baseUrl, credentials);
    const started = performance.now();
    const { responses, latenciesMs } = await fire(call, run.plan.sent, run.plan.concurrency, send);
    const elapsedMs = performance.now() - started;
    const recovery = await recover(config, call, send);
    return capReport({
      run,
      runner: 'node',
      target: config.targetName,
      tally: tallyCap(run.plan, responses),
      p95Ms: percentile(latenciesMs, 95),
      p95BoundMs: config.p95Ms[run.family],
      elapsedMs,
      recovery,
    });
  } finally {
    await dispatcher.close();
  }
}
