/** What the recorder writes: the harness's own values stay, even when it first sent them compressed. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readCassettes } from './cassette.js';
import { CassetteRecorder } from './recorder.js';
import { Redactor } from './redaction.js';

const dir = mkdtempSync(join(tmpdir(), 'recorder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the recorder [RECORD-CASSETTES, RECORD-REDACTION]', () => {
  it('an address the harness sent gzip-compressed, echoed by the server, is still its own when sent again', () => {
    const recorder = new CassetteRecorder(
      dir,
      'x',
      { name: 't', kind: 'fake' },
      new Redactor({ personalKey: 'k' }),
    );
    const email = 'o8gaxo@test.example';
    const url = 'http://127.0.0.1:1/api/v1/inviteOrganizationMember';
    const json = { 'content-type': 'application/json' };
    recorder
      .begin({
        method: 'POST',
        url,
        headers: { ...json, 'content-encoding': 'gzip' },
        body: gzipSync(JSON.stringify({ email })),
      })
      .answered({ status: 200, headers: json }, JSON.stringify({ data: { email } }));
    recorder
      .begin({ method: 'POST', url, headers: json, body: JSON.stringify({ email }) })
      .answered({ status: 200, headers: json }, '{}');
    recorder.save();
    const [first, second] = readCassettes(dir).get('x')!.interactions;
    expect(first?.response?.body.text).toContain(email);
    expect(second?.request.body?.text).toContain(email);
  });
});
