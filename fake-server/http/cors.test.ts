/** Preflights: who is granted, for which paths and headers (FAKE-CORS). Answers to real requests: cors-answers. */
import Anthropic from '@anthropic-ai/sdk';
import Koa from 'koa';
import OpenAI from 'openai';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../index.js';
import { CORS_ALLOW_HEADERS, cors } from './cors.js';
import { control, FOREIGN, families, names, PAGE, preflight, useCorsFake } from './cors.test-support.js';
import { CorsOriginsError } from './cors-origins.js';

/** Where the SDKs are pointed: their fetch is replaced, so nothing is sent. */
const NOWHERE = 'http://127.0.0.1:1/api/v1';
/** Request headers a browser sends without asking (CORS-safelisted, or set by the browser itself). */
const BROWSER_OWN = new Set(['accept', 'content-length', 'connection', 'host']);

describe('CORS preflight on every family [FAKE-CORS]', () => {
  const f = useCorsFake();

  it.each(families)(
    '[FAKE-CORS] $family $path: 204 granting the page its origin, POST and its headers',
    async ({ path, headers }) => {
      const res = await preflight(f.fake, path, PAGE, headers);
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(PAGE);
      expect(names(res.headers['access-control-allow-methods'])).toContain('post');
      for (const h of headers.split(','))
        expect(names(res.headers['access-control-allow-headers'])).toContain(h);
      expect(names(res.headers.vary)).toContain('origin');
    },
  );

  it('[FAKE-CORS] a granted preflight is not a request of the API: the journal stays empty', async () => {
    for (const { path } of families) expect((await preflight(f.fake, path, PAGE)).status).toBe(204);
    expect((await control(f.fake).get('/journal')).body.data).toEqual([]);
  });

  it.each(families)(
    '[FAKE-CORS] $family: a preflight from another origin is 403 in the envelope, granting nothing',
    async ({ path, headers }) => {
      const res = await preflight(f.fake, path, FOREIGN, headers);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ type: 'RXERROR', message: expect.stringContaining(FOREIGN) });
      expect(res.body.message).toContain('FAKE_CORS_ORIGINS');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-headers']).toBeUndefined();
    },
  );

  it.each([
    'null',
    'garbage',
    'http://localhost:99999',
    'http://localhost:3000/path',
    `http://${'a'.repeat(4000)}.test`,
  ])('[FAKE-CORS] the Origin %j is refused with a 4xx, never a 5xx', async (origin) => {
    const res = await preflight(f.fake, '/api/v1/createSession', origin);
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('[FAKE-CORS] an OPTIONS without Origin is no preflight: 405 as before, no CORS headers', async () => {
    const res = await request(f.fake.app.callback())
      .options('/api/v1/createSession')
      .set('Access-Control-Request-Method', 'POST');
    expect(res.status).toBe(405);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each(['/_control/reset', '/_control/journal', '/_CONTROL/reset', '/_provider-states'])(
    '[FAKE-CORS] %s gets no CORS grant, even from an allowed page',
    async (path) => {
      const pre = await preflight(f.fake, path, PAGE, 'x-control-secret,content-type');
      expect(pre.status).not.toBe(204);
      expect(pre.status).toBeLessThan(500);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      const get = await control(f.fake).get('/journal').set('Origin', PAGE);
      expect(get.status).toBe(200);
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    },
  );
});

describe('a preflight is an OPTIONS with Access-Control-Request-Method, and grants only what is listed [FAKE-CORS]', () => {
  const f = useCorsFake();

  it('[FAKE-CORS] an OPTIONS from another origin without Access-Control-Request-Method is no preflight: 405, not 403', async () => {
    const res = await request(f.fake.app.callback()).options('/api/v1/createSession').set('Origin', FOREIGN);
    expect(res.status).toBe(405);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('[FAKE-CORS] a POST from another origin that carries Access-Control-Request-Method is answered, not refused', async () => {
    const res = await request(f.fake.app.callback())
      .post('/api/v1/createSession')
      .set('Origin', FOREIGN)
      .set('Access-Control-Request-Method', 'POST')
      .set('api-key', f.key)
      .send({ widget_uid: f.widget });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('[FAKE-CORS] a header outside the list is not granted, however the page asks for it', async () => {
    const res = await preflight(
      f.fake,
      '/api/v1/createSession',
      PAGE,
      'content-type,x-control-secret,x-evil',
    );
    expect(res.status).toBe(204);
    const granted = names(res.headers['access-control-allow-headers']);
    expect(granted).toEqual(new Set(CORS_ALLOW_HEADERS));
    expect(granted).not.toContain('x-control-secret');
  });

  it('[FAKE-CORS] an exempt prefix written with trailing slashes still exempts the paths below it', async () => {
    const app = new Koa().use(cors({ origins: ['*'], exempt: ['/_Admin//'] })).use((ctx) => {
      ctx.body = 'admin';
    });
    for (const path of ['/_admin', '/_admin/reset']) {
      const res = await request(app.callback())
        .options(path)
        .set('Origin', PAGE)
        .set('Access-Control-Request-Method', 'POST');
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(
      (
        await request(app.callback())
          .options('/api/v1/x')
          .set('Origin', PAGE)
          .set('Access-Control-Request-Method', 'POST')
      ).status,
    ).toBe(204);
  });
});

describe('the headers the official SDKs send are allowed [FAKE-CORS]', () => {
  /** Every request header name the SDK sends on one call (answered by a throwing fetch: nothing leaves). */
  async function sentBy(call: (fetch: typeof globalThis.fetch) => Promise<unknown>): Promise<string[]> {
    const sent: string[] = [];
    const capture = async (_url: unknown, init?: RequestInit) => {
      sent.push(...new Headers(init?.headers).keys());
      throw new TypeError('captured');
    };
    await call(capture as typeof globalThis.fetch).catch(() => {});
    expect(sent.length).toBeGreaterThan(3);
    return sent;
  }
  const allowed = new Set(CORS_ALLOW_HEADERS);
  const notAllowed = (sent: string[]) => sent.filter((h) => !allowed.has(h) && !BROWSER_OWN.has(h));

  const ask = [{ role: 'user' as const, content: 'hi' }];
  const client = (fetch: typeof globalThis.fetch, dialect: string) => ({
    apiKey: 'apk-x',
    baseURL: `${NOWHERE}/${dialect}`,
    fetch,
    maxRetries: 0,
  });
  const sdks = [
    {
      sdk: 'openai (chat.completions.create, streamed)',
      own: 'x-stainless-lang',
      call: (fetch: typeof globalThis.fetch) =>
        new OpenAI(client(fetch, 'openai')).chat.completions.create({
          model: 'gpt-4o-mini',
          messages: ask,
          stream: true,
        }),
    },
    {
      sdk: '@anthropic-ai/sdk in a browser (dangerouslyAllowBrowser)',
      own: 'anthropic-dangerous-direct-browser-access',
      call: (fetch: typeof globalThis.fetch) =>
        new Anthropic({ ...client(fetch, 'anthropic'), dangerouslyAllowBrowser: true }).messages.create({
          model: 'claude-3-5-haiku-latest',
          max_tokens: 10,
          messages: ask,
        }),
    },
  ];

  it.each(sdks)('[FAKE-CORS] $sdk', async ({ call, own }) => {
    const sent = await sentBy(call);
    expect(sent).toContain(own);
    expect(notAllowed(sent)).toEqual([]);
  });
});

describe('allowed origins are configurable [FAKE-CORS]', () => {
  const f = useCorsFake({ corsOrigins: ['https://widget.example.com'] });

  it('[FAKE-CORS] corsOrigins replaces the default: the listed origin is granted, localhost no longer', async () => {
    const listed = await preflight(f.fake, '/api/v1/createSession', 'https://widget.example.com');
    expect(listed.status).toBe(204);
    expect(listed.headers['access-control-allow-origin']).toBe('https://widget.example.com');
    expect((await preflight(f.fake, '/api/v1/createSession', PAGE)).status).toBe(403);
  });

  it('[FAKE-CORS] a pattern that is not an origin is refused when the fake is built', () => {
    expect(() => createFakeServer({ corsOrigins: ['localhost:3000'] })).toThrow(CorsOriginsError);
  });
});
