/**
 * Record and replay for client developers (RECORD-CASSETTES, REPLAY-OFFLINE): `recordChatbotApi` forwards every
 * request for `baseUrl` to a real deployment and writes what it answered, redacted, into a cassette;
 * `replayChatbotApi` answers from that cassette with no deployment and no port, refusing a request nothing matches
 * with an error naming the closest recorded one (REPLAY-MISS-CLOSEST). The same cassettes as
 * `npm run conformance -- --record DIR`.
 */
import { Readable } from 'node:stream';
import { request } from 'undici';
import { bodyBytes } from '../recording/body.js';
import { replayDelay } from '../recording/fetch.js';
import { CassetteRecorder } from '../recording/recorder.js';
import { Redactor } from '../recording/redaction.js';
import { CassetteReplayer } from '../recording/replayer.js';
import { connectionReset, type InMemoryResponse } from './in-memory-dispatch.js';
import { interceptOrigin, parseBaseUrl } from './nock-origin.js';
import type { OtherHosts } from './other-hosts.js';

export interface CassetteOptions {
  /** Where clients send requests (as for interceptChatbotApi). */
  baseUrl: string;
  /** The cassette folder (e.g. `fixtures/cassettes/my-app`). */
  dir: string;
  /** The cassette's name in it (e.g. the test file's name); written as `<dir>/<name>.cassette.json`. */
  cassette: string;
  otherHosts?: OtherHosts;
}

export interface RecordOptions extends CassetteOptions {
  /**
   * The origin (scheme, host and port) of the deployment that answers; default: `baseUrl`'s origin. An origin only:
   * a value with a path, a query or a fragment is refused with a TypeError (the path comes from `baseUrl`). Each request is sent there with the path and query the client used on
   * `baseUrl`'s origin, its path prefix included: with `baseUrl` `https://chatbot.example.test/api/v1` and `upstream`
   * `https://staging.example.com`, `POST https://chatbot.example.test/api/v1/getMyProjects` is forwarded to
   * `https://staging.example.com/api/v1/getMyProjects`. The deployment must therefore serve the API under `baseUrl`'s
   * path. Requests for other paths of `baseUrl`'s origin are forwarded (and recorded) the same way.
   */
  upstream?: string;
  /** Credentials to redact besides the ones recognised by shape (`api-v1-…`, `apk-…`, credential headers). */
  secrets?: readonly string[];
}

export interface CassetteSession {
  baseUrl: string;
  /** Stop intercepting; a recording is written first. Returns the cassette's path. */
  restore(): string;
}

const flat = (headers: Record<string, string | string[] | number | undefined>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = String(v);
  return out;
};

const rawList = (headers: Record<string, string | string[] | undefined>): string[] =>
  Object.entries(headers).flatMap(([k, v]) =>
    v === undefined || k === 'connection' || k === 'keep-alive'
      ? []
      : (Array.isArray(v) ? v : [v]).flatMap((x) => [k, x]),
  );

export function replayChatbotApi(options: CassetteOptions): CassetteSession {
  const { url, baseUrl } = parseBaseUrl(options.baseUrl, 'replayChatbotApi');
  const replayer = new CassetteReplayer(options.dir);
  const restore = interceptOrigin({
    url,
    baseUrl,
    otherHosts: options.otherHosts ?? 'refuse',
    answer: async (uri, req): Promise<InMemoryResponse> => {
      const interaction = replayer.take(options.cassette, {
        method: req.method,
        url: `${url.origin}${uri}`,
        headers: flat(req.headers),
        ...(req.body.length > 0 ? { body: req.body } : {}),
      });
      await replayDelay(interaction, undefined);
      const r = interaction.response;
      if (!r) throw Object.assign(new Error(`${interaction.error} (replayed)`), { code: interaction.error });
      const body = new Readable({ read() {} });
      body.push(bodyBytes(r.body));
      if (r.ended === 'reset') setImmediate(() => body.destroy(connectionReset()));
      else body.push(null);
      const headers = Object.fromEntries(Object.entries(r.headers).filter(([k]) => k !== 'content-length'));
      return { status: r.status, headers: rawList(headers), body };
    },
  });
  return {
    baseUrl,
    restore: () => {
      restore();
      return options.dir;
    },
  };
}

/**
 * `upstream` as an origin, or a TypeError saying what else it holds: a path there would be dropped silently, and the
 * client's requests sent where the caller did not mean them to go.
 */
function upstreamOrigin(upstream: string | undefined): string | undefined {
  if (upstream === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(upstream);
  } catch {
    throw new TypeError(
      `recordChatbotApi: upstream ${JSON.stringify(upstream)} is no URL: give an origin, e.g. https://staging.example.com`,
    );
  }
  if (!/^https?:$/.test(parsed.protocol))
    throw new TypeError(`recordChatbotApi: upstream ${upstream} is not http or https`);
  const extra =
    parsed.pathname !== '/'
      ? `the path ${parsed.pathname}`
      : parsed.search
        ? `the query ${parsed.search}`
        : parsed.hash
          ? `the fragment ${parsed.hash}`
          : undefined;
  if (extra)
    throw new TypeError(
      `recordChatbotApi: upstream is an origin (scheme, host and port), not ${upstream}: drop ${extra}; each request keeps the path it was sent with on baseUrl (${parsed.origin} here)`,
    );
  return parsed.origin;
}

export function recordChatbotApi(options: RecordOptions): CassetteSession {
  const { url, baseUrl } = parseBaseUrl(options.baseUrl, 'recordChatbotApi');
  const upstream = upstreamOrigin(options.upstream) ?? url.origin;
  const recorder = new CassetteRecorder(
    options.dir,
    options.cassette,
    { name: upstream, kind: 'real' },
    new Redactor({ secrets: options.secrets ?? [] }),
  );
  const reading = new Set<Promise<void>>();
  const restore = interceptOrigin({
    url,
    baseUrl,
    otherHosts: options.otherHosts ?? 'refuse',
    answer: async (uri, req): Promise<InMemoryResponse> => {
      const headers = flat(req.headers);
      delete headers.host;
      const body = req.body.length > 0 ? req.body : undefined;
      const pending = recorder.begin({ method: req.method, url: `${upstream}${uri}`, headers, body });
      // undici's own client: nock intercepts node:http and fetch, not it, so this reaches the deployment.
      let res: Awaited<ReturnType<typeof request>>;
      try {
        res = await request(`${upstream}${uri}`, {
          method: req.method as 'GET',
          headers,
          ...(body ? { body } : {}),
        });
      } catch (err) {
        pending.failed(err);
        throw err;
      }
      pending.head();
      const head = { status: res.statusCode, headers: flat(res.headers) };
      const out = new Readable({ read() {} });
      const chunks: Buffer[] = [];
      const done = new Promise<void>((resolve) => {
        res.body.on('data', (c: Buffer) => {
          chunks.push(c);
          out.push(c);
        });
        res.body.on('end', () => {
          pending.answered(head, Buffer.concat(chunks), 'complete');
          out.push(null);
          resolve();
        });
        res.body.on('error', () => {
          pending.answered(head, Buffer.concat(chunks), 'reset');
          out.destroy(connectionReset());
          resolve();
        });
      });
      reading.add(done);
      void done.then(() => reading.delete(done));
      const answerHeaders = Object.fromEntries(
        Object.entries(res.headers).filter(([k]) => k !== 'content-length' && k !== 'transfer-encoding'),
      );
      return { status: res.statusCode, headers: rawList(answerHeaders), body: out };
    },
  });
  return {
    baseUrl,
    restore: () => {
      restore();
      return recorder.save();
    },
  };
}
