/**
 * The breaking proxy: an HTTP server on 127.0.0.1 that stands in front of any target (the fake over HTTP, a staging
 * deployment) and sends every request on, applying the active breaking rule to requests, answers and the events of
 * streamed answers. The active rule can be switched between runs (`use`), so one conformance session can try every
 * rule in turn. With no rule it changes nothing; observing (`observe`), it changes nothing either while every rule
 * sees every exchange (observer.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import { request } from 'undici';
import type { TargetConfig } from '../contract/index.js';
import { serializeEvent } from './events.js';
import { FILE_SWITCH_PATH, TEST_SWITCH_PATH } from './file-switch.js';
import { type ExchangeTap, type Observation, type Observed, observeRules } from './observer.js';
import { proxyRoutes } from './proxy-routes.js';
import { type Answer, type BreakingRule, type Exchange, isAnswer, type RuleHooks } from './rule.js';

export { serializeEvent };

export interface BreakingProxy {
  /** The target config with every address on the proxy. */
  readonly config: TargetConfig;
  /** Make `rule` the active rule (fresh state), or none. Resets the request counts. */
  use(rule: BreakingRule | undefined): void;
  /**
   * One rule per test file: the rule of a file is active, started afresh, from the moment the file announces itself
   * (`POST {proxy}${FILE_SWITCH_PATH}` with its path, broken/file-switch.setup.ts) until the next file does. Resets
   * the request counts.
   */
  useByFile(rules: ReadonlyMap<string, BreakingRule>): void;
  /**
   * No rule active, while every one of `rules` observes every exchange, started afresh at each test file
   * (observer.ts): which files each would have changed something in. Resets the request counts.
   */
  observe(rules: readonly BreakingRule[]): Observed;
  /** Requests sent on to the target since the last `use`/`useByFile`: in all, and while each rule was active. */
  requests(): number;
  requestsOf(rule: BreakingRule): number;
  close(): Promise<void>;
}

/** Hop-by-hop headers and those the proxy sets itself. */
const DROPPED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'host',
  'content-length',
]);

const headersOf = (raw: IncomingMessage['headers'] | Record<string, string | string[] | undefined>) => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined || DROPPED.has(k.toLowerCase())) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
};

const readAll = async (stream: AsyncIterable<Buffer | string>): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(typeof c === 'string' ? Buffer.from(c) : c);
  return Buffer.concat(chunks);
};

const send = (res: ServerResponse, answer: Answer) => {
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
  res.end(answer.body);
};

/** A stream's text as it comes, decoded across chunk boundaries. */
const textOf = () => {
  const decoder = new TextDecoder();
  return (chunk: Buffer) => decoder.decode(chunk, { stream: true });
};

export async function startBreakingProxy(target: TargetConfig): Promise<BreakingProxy> {
  const routes = proxyRoutes(target);
  type Active = { rule?: BreakingRule; hooks: RuleHooks };
  const none: Active = { hooks: {} };
  let active: Active = none;
  let byFile: ReadonlyMap<string, BreakingRule> | undefined;
  let observation: Observation | undefined;
  let forwarded = 0;
  const perRule = new Map<BreakingRule, number>();

  /** An answer sent on as it comes; with a tap, its text (or events) handed to the observers before it ends. */
  const passOn = async (
    res: ServerResponse,
    answer: Awaited<ReturnType<typeof request>>,
    headers: Record<string, string>,
    streamed: boolean,
    tap: ExchangeTap | undefined,
  ) => {
    res.writeHead(answer.statusCode, headers);
    const decode = textOf();
    const chunks: Buffer[] = [];
    let raw = '';
    const parser =
      tap && streamed
        ? createParser({ onEvent: (e) => tap.event({ event: e.event, id: e.id, data: e.data }) })
        : undefined;
    for await (const chunk of answer.body) {
      res.write(chunk);
      if (!tap) continue;
      if (parser) {
        const text = decode(chunk);
        raw += text;
        parser.feed(text);
      } else chunks.push(chunk);
    }
    if (parser) tap?.end(raw);
    else tap?.answer({ status: answer.statusCode, headers, body: Buffer.concat(chunks) });
    res.end();
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === FILE_SWITCH_PATH) {
      const file = (await readAll(req)).toString('utf8');
      if (byFile) {
        const rule = byFile.get(file);
        active = rule ? { rule, hooks: rule.start(target) } : none;
      }
      observation?.enterFile(file);
      res.writeHead(204).end();
      return;
    }
    if (req.url === TEST_SWITCH_PATH) {
      observation?.enterTest((await readAll(req)).toString('utf8'));
      res.writeHead(204).end();
      return;
    }
    const up = routes.upstream(req.url ?? '/');
    const incoming: Exchange = {
      route: up.route,
      method: req.method ?? 'GET',
      path: up.path,
      // Asked for uncompressed, so that a rule reads the answer as it is.
      headers: { ...headersOf(req.headers), 'accept-encoding': 'identity' },
      body: await readAll(req),
    };
    const tap = observation?.exchange(incoming);
    const { rule, hooks: current } = active;
    const changed = current.request ? current.request(incoming) : incoming;
    if (isAnswer(changed)) return send(res, changed);
    forwarded++;
    if (rule) perRule.set(rule, (perRule.get(rule) ?? 0) + 1);
    let answer: Awaited<ReturnType<typeof request>>;
    try {
      answer = await request(up.url, {
        method: changed.method as 'POST',
        headers: changed.headers,
        ...(changed.body.length > 0 || !['GET', 'HEAD'].includes(changed.method)
          ? { body: changed.body }
          : {}),
        headersTimeout: 120_000,
        bodyTimeout: 0,
      });
    } catch {
      // The target reset or closed the connection, or cannot be reached: the client meets the same silence, not a
      // 502 of the proxy's own (which the suites would report as the target's server error).
      res.destroy();
      return;
    }
    const headers = headersOf(answer.headers);
    const streamed = (headers['content-type'] ?? '').startsWith('text/event-stream');
    if (streamed && current.event) {
      res.writeHead(answer.statusCode, headers);
      const decode = textOf();
      const parser = createParser({
        onEvent: (e) => {
          const event = current.event?.({ event: e.event, id: e.id, data: e.data }, changed);
          if (event) res.write(serializeEvent(event));
        },
      });
      for await (const chunk of answer.body) parser.feed(decode(chunk));
      res.end();
      return;
    }
    if (!streamed && current.response) {
      const body = await readAll(answer.body);
      return send(res, current.response({ status: answer.statusCode, headers, body }, changed));
    }
    await passOn(res, answer, headers, streamed, tap);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) return res.destroy();
      send(res, {
        status: 502,
        headers: { 'content-type': 'text/plain' },
        body: Buffer.from(`breaking proxy: ${(err as Error).message}`),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const switchTo = (next: { active?: Active; byFile?: typeof byFile; observation?: Observation }) => {
    active = next.active ?? none;
    byFile = next.byFile;
    observation = next.observation;
    forwarded = 0;
    perRule.clear();
  };
  return {
    config: routes.proxied(origin),
    use(rule) {
      switchTo(rule ? { active: { rule, hooks: rule.start(target) } } : {});
    },
    useByFile(rules) {
      switchTo({ byFile: new Map(rules) });
    },
    observe(rules) {
      const watching = observeRules(rules, target);
      switchTo({ observation: watching });
      return watching;
    },
    requests: () => forwarded,
    requestsOf: (rule) => perRule.get(rule) ?? 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
