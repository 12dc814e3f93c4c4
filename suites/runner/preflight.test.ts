/**
 * The pre-flight's probes and their judgement (HARNESS-PREFLIGHT), without a network: which requests a target file
 * makes it send (one per credential and address), what each answer says about which field, and that a problem is
 * said once. The CLI tests (preflight-cli.test.ts) send them for real.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TargetConfig } from '../../contract/index.js';
import { rawResponse } from '../target/exchange.js';
import { credentialKey } from '../target/quota-ledger.js';
import type { RawRequest } from '../target/transport.js';
import { preflight } from './preflight.js';
import { judge, type ProbeOutcome } from './preflight-judge.js';
import { type Probe, probesOf } from './preflight-probes.js';

const work = mkdtempSync(join(tmpdir(), 'preflight-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const config = TargetConfig.parse({
  name: 'staging',
  base_url: 'https://staging.example.test/api/v1',
  org_base_url: 'https://org.staging.example.test/api/v1',
  tokens: { owner: 'api-v1-owner', viewer: 'api-v1-viewer' },
  token_pools: { owner: ['api-v1-owner', 'api-v1-owner-2', 'api-v1-owner-3'] },
  project_key: 'apk-key',
  provider_states: { url: 'https://staging.example.test/_provider-states', headers: { 'x-secret': 's' } },
  control: { url: 'https://staging.example.test/_control', secret: 'c' },
});

const json = (status: number, body: unknown): ProbeOutcome => ({
  response: rawResponse(status, { 'content-type': 'application/json' }, JSON.stringify(body)),
  ms: 3,
});
const refused: ProbeOutcome = { failure: { cause: 'connection refused', connection: true }, ms: 1 };
const probe = (field: string, kind?: Probe['kind']) =>
  probesOf(config).find((p) => p.field === field && (kind === undefined || p.kind === kind)) as Probe;

describe('the probes of a target file [HARNESS-PREFLIGHT]', () => {
  it('one per credential (a pool value that repeats a token once) and per address, no secret in a field', () => {
    const probes = probesOf(config);
    expect(probes.map((p) => `${p.field} ${p.label}`)).toEqual([
      'provider_states.headers GET the catalogue',
      'tokens.owner POST /getMyProjects',
      'tokens.viewer POST /getMyProjects',
      'token_pools.owner[1] POST /getMyProjects',
      'token_pools.owner[2] POST /getMyProjects',
      'project_key POST /getChatbotExecutionLogs',
      'project_key POST /openai/chat/completions',
      'project_key POST /anthropic/v1/messages',
      'org_base_url POST /getOrganizationDetail',
      'control.secret GET /clock',
    ]);
    expect(probe('tokens.viewer').request.headers.authorization).toBe('Bearer api-v1-viewer');
    expect(probe('project_key', 'envelope').request.headers['api-key']).toBe('apk-key');
  });

  it('the RAG endpoints get a body without messages, each with its own header: nothing a model would run', () => {
    const [openai, anthropic] = probesOf(config).filter((p) => p.kind === 'rag') as [Probe, Probe];
    expect(openai.request).toMatchObject({
      url: 'https://staging.example.test/api/v1/openai/chat/completions',
      headers: { authorization: 'Bearer apk-key' },
      body: '{}',
    });
    expect(anthropic.request).toMatchObject({
      url: 'https://staging.example.test/api/v1/anthropic/v1/messages',
      headers: { 'x-api-key': 'apk-key' },
      body: '{}',
    });
  });

  it('no credential at all: base_url is still probed; --check-provider-states probes its URL only', () => {
    const bare = TargetConfig.parse({ base_url: 'http://127.0.0.1:4999/api/v1' });
    expect(probesOf(bare).map((p) => `${p.field} ${p.kind}`)).toEqual(['base_url address']);
    expect(probesOf(config, 'provider-states').map((p) => p.field)).toEqual(['provider_states.headers']);
  });
});

describe('what an answer says about the target file [HARNESS-PREFLIGHT]', () => {
  const line = (p: Probe, o: ProbeOutcome) => judge(p, o, 5_000)?.line;

  it('an answer in the envelope, a 403 or a 429 to a token: the target can be tested with it', () => {
    expect(
      line(probe('tokens.owner'), json(200, { type: 'RXSUCCESS', message: 'ok', data: [] })),
    ).toBeUndefined();
    expect(line(probe('tokens.viewer'), json(403, { type: 'RXERROR', message: 'no' }))).toBeUndefined();
    expect(
      line(probe('tokens.viewer'), json(429, { type: 'RXERROR', message: 'Rate limit' })),
    ).toBeUndefined();
  });

  it('a 401 to a configured credential names its field', () => {
    const invalid = json(401, { type: 'RXERROR', message: 'Invalid or revoked API token' });
    expect(line(probe('token_pools.owner[2]'), invalid)).toBe(
      'token_pools.owner[2]: 401 "Invalid or revoked API token"',
    );
    expect(judge(probe('tokens.owner'), invalid, 5_000)?.about).toBe('credential');
    const key = json(401, {
      error: { message: 'Invalid or revoked API key', type: 'invalid_request_error' },
    });
    expect(line(probe('project_key', 'rag'), key)).toBe(
      'project_key: 401 "Invalid or revoked API key" from the OpenAI-style RAG endpoint (POST /openai/chat/completions)',
    );
    expect(
      line(probe('control.secret'), json(401, { type: 'RXERROR', message: 'Invalid control secret' })),
    ).toBe('control.secret: GET /clock answered 401 "Invalid control secret"');
  });

  it('a wrong path: a 404, or an answer that is not the envelope, blames the address and asks about the path', () => {
    expect(line(probe('tokens.owner'), json(404, { type: 'RXERROR', message: 'Route not found' }))).toBe(
      'base_url https://staging.example.test/api/v1: POST /getMyProjects answered 404 "Route not found": is the path right?',
    );
    const html: ProbeOutcome = {
      response: rawResponse(
        200,
        { 'content-type': 'text/html; charset=utf-8' },
        '<!doctype html><title>App</title>',
      ),
      ms: 2,
    };
    expect(line(probe('tokens.owner'), html)).toBe(
      `base_url https://staging.example.test/api/v1: POST /getMyProjects answered 200 text/html "<!doctype html><title>App</title>", not the spec's envelope: is the path right?`,
    );
  });

  it('no answer: refused, a host that does not resolve, a timeout; a gateway with nothing behind it', () => {
    expect(line(probe('tokens.owner'), refused)).toBe(
      'base_url https://staging.example.test/api/v1: connection refused (nothing listens there)',
    );
    const dns: ProbeOutcome = { failure: { cause: 'host name not found (DNS)', connection: true }, ms: 1 };
    expect(line(probe('org_base_url'), dns)).toBe(
      'org_base_url https://org.staging.example.test/api/v1: host name not found (DNS)',
    );
    const slow: ProbeOutcome = { failure: { cause: 'timeout', connection: false }, ms: 5_000 };
    expect(line(probe('provider_states.headers'), slow)).toBe(
      'provider_states.url https://staging.example.test/_provider-states: GET the catalogue: no answer within 5 s (timeout)',
    );
    expect(line(probe('tokens.owner'), json(503, { message: 'Service Unavailable' }))).toBe(
      'base_url https://staging.example.test/api/v1: POST /getMyProjects answered 503 "Service Unavailable": the deployment behind it is not answering',
    );
  });

  it('a RAG endpoint: refusing the body (400) is there; a 404 or a body that is not JSON is not', () => {
    const rag = probe('project_key', 'rag');
    expect(
      line(rag, json(400, { error: { message: "Missing required parameter: 'model'." } })),
    ).toBeUndefined();
    expect(line(rag, json(404, { type: 'RXERROR', message: 'Route not found' }))).toBe(
      'base_url https://staging.example.test/api/v1: POST /openai/chat/completions answered 404 "Route not found": the OpenAI-style RAG endpoint is not there',
    );
    expect(judge(rag, { response: rawResponse(200, {}, 'OK'), ms: 1 }, 5_000)?.about).toBe('endpoint');
  });

  it('the provider-state URL must answer its catalogue', () => {
    const states = probe('provider_states.headers');
    const catalogue = { type: 'RXSUCCESS', message: 'ok', data: { protocol: 1, states: [] } };
    expect(line(states, json(200, catalogue))).toBeUndefined();
    expect(line(states, json(200, { type: 'RXSUCCESS', message: 'ok', data: { states: 'none' } }))).toMatch(
      /^provider_states\.url https:\/\/staging\.example\.test\/_provider-states: GET the catalogue answered 200, but not a provider-state catalogue/,
    );
  });
});

describe('a pre-flight [HARNESS-PREFLIGHT]', () => {
  it('all at once; an address that refuses is one line, not one per token; only what reached the target is in the ledger', async () => {
    const sent: RawRequest[] = [];
    const ledgerFile = join(work, 'ledger.json');
    const result = await preflight(config, 'run', {
      ledgerFile,
      sender: async (req) => {
        sent.push(req);
        if (req.url.startsWith('https://org.'))
          throw Object.assign(new Error('getaddrinfo'), { code: 'ENOTFOUND' });
        if (req.url.includes('/_')) throw Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
        if (req.headers.authorization === 'Bearer api-v1-owner-3')
          return rawResponse(401, {}, '{"type":"RXERROR","message":"Invalid or revoked API token"}');
        return rawResponse(200, {}, '{"type":"RXSUCCESS","message":"ok","data":[]}');
      },
    });
    expect(sent).toHaveLength(10);
    expect(result.testable).toBe(false);
    expect(result.findings.map((f) => f.line)).toEqual([
      'provider_states.url https://staging.example.test/_provider-states: connection refused (nothing listens there)',
      'token_pools.owner[2]: 401 "Invalid or revoked API token"',
      'org_base_url https://org.staging.example.test/api/v1: host name not found (DNS)',
      'control.url https://staging.example.test/_control: connection refused (nothing listens there)',
    ]);
    expect(JSON.stringify(result)).not.toMatch(/api-v1-|apk-key/);
    const ledger = JSON.parse(readFileSync(ledgerFile, 'utf8')).targets[config.base_url];
    const spent = (value: string, kind: 'token' | 'rag') =>
      Object.values(ledger[credentialKey(value, kind)]?.minutes ?? {}).reduce(
        (a: number, b) => a + (b as number),
        0,
      );
    expect(spent('api-v1-owner', 'token')).toBe(1); // getMyProjects; its getOrganizationDetail got no answer
    expect(spent('api-v1-owner-3', 'token')).toBe(1);
    expect(spent('apk-key', 'rag')).toBe(2);
  });

  it('every probe answered: testable, no finding', async () => {
    const result = await preflight(config, 'run', {
      ledgerFile: join(work, 'ledger-2.json'),
      sender: async (req) =>
        req.url.endsWith('/_provider-states')
          ? rawResponse(200, {}, '{"type":"RXSUCCESS","message":"ok","data":{"protocol":1,"states":[]}}')
          : req.url.includes('/openai/') || req.url.includes('/anthropic/')
            ? rawResponse(400, {}, '{"error":{"message":"messages: Field required"}}')
            : rawResponse(200, {}, '{"type":"RXSUCCESS","message":"ok"}'),
    });
    expect(result.findings).toEqual([]);
    expect(result.testable).toBe(true);
  });

  it('a connection that hangs is cut at the timeout', async () => {
    const slow = TargetConfig.parse({ base_url: 'http://127.0.0.1:4999/api/v1', request_timeout_ms: 50 });
    const result = await preflight(slow, 'run', {
      ledgerFile: join(work, 'ledger-3.json'),
      sender: () => new Promise(() => {}),
    });
    expect(result.findings.map((f) => f.line)).toEqual([
      'base_url http://127.0.0.1:4999/api/v1: POST /getMyProjects: no answer within 0.05 s (timeout)',
    ]);
  });
});
