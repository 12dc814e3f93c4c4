/**
 * The drift report end to end: interactions recorded from a fake on a port, compared with a fresh in-memory fake,
 * show no drift; a copy of the recording with one answer altered shows exactly that alteration.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TargetConfig } from '../contract/target-config.js';
import { createFakeServer } from '../fake-server/index.js';
import { type Cassette, readCassetteSetTarget, readCassettes } from '../recording/cassette.js';
import { startCassetteSet } from '../recording/cassette-set.js';
import { recordingFetch } from '../recording/fetch.js';
import { CassetteRecorder } from '../recording/recorder.js';
import { Redactor } from '../recording/redaction.js';
import { findingsOf, totalsOf } from './findings.js';
import { pairsAgainstFake } from './pairs.js';
import { writeDriftReport } from './report.js';

const NAME = 'suites/platform/example.test.ts';
let dir = '';
let server: Server;

async function record(config: TargetConfig): Promise<void> {
  startCassetteSet(dir, config, { recorded_at: 'now', run_tag: 't', fc_seed: 1 });
  const redactor = new Redactor({
    secrets: [config.tokens.owner!, config.project_key!, config.control!.secret],
  });
  const recorder = new CassetteRecorder(dir, NAME, { name: config.name, kind: 'fake' }, redactor);
  const reads: Promise<unknown>[] = [];
  let test = '';
  const f = recordingFetch(
    () => recorder,
    () => test,
    fetch,
    (p) => reads.push(p),
  );
  const post = (url: string, headers: Record<string, string>, body: unknown) =>
    f(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).then((r) => r.text());
  const owner = { authorization: `Bearer ${config.tokens.owner}` };
  await post(
    `${config.control!.url}/reset`,
    { 'x-control-secret': config.control!.secret },
    { clock_mode: 'frozen' },
  );
  test = 'lists projects [PROJECTS-RESPONSE-TOTAL]';
  await post(`${config.base_url}/getMyProjects`, owner, {});
  test = 'rejects a bad token [AUTH-INVALID-TOKEN]';
  await post(`${config.base_url}/getMyProjects`, { authorization: 'Bearer api-v1-nosuchtoken0000' }, {});
  test = 'invites a member [INVITE-RESPONSE]';
  await post(`${config.base_url}/inviteOrganizationMember`, owner, {
    email: 'drift-1@example.com',
    role: 'viewer',
  });
  test = 'streams an answer [RAG-OPENAI-STREAM, RAG-SOURCES-STREAM]';
  await post(
    `${config.base_url}/openai/chat/completions`,
    { authorization: `Bearer ${config.project_key}` },
    {
      model: 'gpt-4o-mini',
      stream: true,
      messages: [{ role: 'user', content: 'How do refunds work?' }],
      tools: [{ type: 'service:knowledgebase', parameters: { limit: 2 } }],
    },
  );
  await Promise.all(reads);
  recorder.save();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'drift-'));
  const fake = createFakeServer({ onUnexpectedError: () => {} });
  server = createServer(fake.app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  await record(fake.targetConfig(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  await new Promise<void>((r) => server.close(() => r()));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const drift = async (cassettes: Map<string, Cassette>) =>
  findingsOf(await pairsAgainstFake(readCassetteSetTarget(dir), cassettes, { seed: 1 }));

describe('drift of a recording against the fake [DRIFT-COMPARE-SHAPES, DRIFT-SCHEMA-VIOLATIONS, DRIFT-REPORT-FILES]', () => {
  it('the fake against its own recording: every API interaction compared, no violation, no difference', async () => {
    const findings = await drift(readCassettes(dir));
    const totals = totalsOf(findings);
    expect(totals.interactions).toBe(4);
    expect(totals.violations).toBe(0);
    expect(totals.withDifferences).toBe(0);
    const files = writeDriftReport(join(dir, 'report'), findings, {
      cassettes: dir,
      fake: 'in-memory fake',
      generatedAt: 'now',
    });
    expect(readFileSync(files.html, 'utf8')).toMatch(/no drift/i);
  });

  it('an altered copy of the recording shows the alteration: a field removed, a message changed', async () => {
    const cassettes = readCassettes(dir);
    const copy = structuredClone(cassettes.get(NAME)!);
    const list = copy.interactions.find((i) => i.test?.startsWith('lists projects'))!;
    const body = JSON.parse(list.response!.body.text) as { data: Record<string, unknown>[]; message: string };
    for (const p of body.data) delete p.purpose;
    body.message = 'Here are your projects';
    list.response!.body.text = JSON.stringify(body);
    const findings = await drift(new Map([[NAME, copy]]));
    const altered = findings.find((f) => f.pair.test?.startsWith('lists projects'))!;
    expect(altered.differences.map((d) => `${d.kind} ${d.path}`).sort()).toEqual([
      'message $.message',
      'presence $.data[].purpose',
    ]);
    expect(altered.violations.map((d) => d.path)).toContain('$.data[0].purpose');
    expect(totalsOf(findings).withDifferences).toBe(1);
  });
});
