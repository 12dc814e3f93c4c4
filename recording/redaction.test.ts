/** Redaction: nothing secret or personal reaches a cassette, and the same value always gets the same placeholder. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TargetConfig } from '../contract/index.js';
import { redactTargetConfig, secretsOf } from './cassette-set.js';
import { Redactor } from './redaction.js';

const OWNER = 'api-v1-9xrltwzz5220y3uohcc9wq0ga1vrbsbbxziyvidp';
const KEY = 'apk-4f1c0a9e2b7d4c3a8e6f';
const SECRET = 'fake-admin-secret';

describe('redaction [RECORD-REDACTION]', () => {
  it('replaces declared credentials in headers, paths and bodies, keeping their prefix; the same in every redactor', () => {
    const a = new Redactor({ secrets: [OWNER, KEY, SECRET] });
    const b = new Redactor({ secrets: [OWNER, KEY, SECRET] });
    const req = a.request(
      { authorization: `Bearer ${OWNER}`, 'api-key': KEY, 'x-control-secret': SECRET },
      JSON.stringify({ token: OWNER, note: `uses ${KEY}` }),
    );
    const text = JSON.stringify(req);
    for (const s of [OWNER, KEY, SECRET]) expect(text).not.toContain(s);
    expect(req.headers.authorization).toMatch(/^Bearer api-v1-redacted[0-9a-f]{16}$/);
    expect(req.headers['api-key']).toMatch(/^apk-redacted[0-9a-f]{16}$/);
    expect(b.request({ authorization: `Bearer ${OWNER}` }, undefined).headers.authorization).toBe(
      req.headers.authorization,
    );
  });

  it('redacting twice changes nothing (placeholders are never redacted again)', () => {
    const r = new Redactor({ secrets: [OWNER] });
    const once = r.request({ authorization: `Bearer ${OWNER}` }, `{"t":"${OWNER}"}`);
    const twice = new Redactor().request(once.headers, once.body);
    expect(twice).toEqual(once);
  });

  it('covers a declared token with its prefix changed (`API-V1-` + the rest of the real token)', () => {
    const r = new Redactor({ secrets: [OWNER] });
    const out = r.request({ authorization: `Bearer API-V1-${OWNER.slice(7)}` }, undefined);
    expect(out.headers.authorization).not.toContain(OWNER.slice(7));
    expect(out.headers.authorization).toMatch(/^Bearer API-V1-redacted[0-9a-f]{16}$/);
  });

  it('writes a declared token with something appended as its placeholder plus the rest, as a replay sends it', () => {
    const recorded = new Redactor({ secrets: [OWNER] }).request(
      { authorization: `Bearer ${OWNER}x` },
      `{"t":"${OWNER}x"}`,
    );
    const placeholder = new Redactor({ secrets: [OWNER] }).apply(OWNER);
    expect(recorded.headers.authorization).toBe(`Bearer ${placeholder}x`);
    expect(recorded.body).toBe(`{"t":"${placeholder}x"}`);
    expect(
      new Redactor().request({ authorization: `Bearer ${placeholder}x` }, undefined).headers.authorization,
    ).toBe(`Bearer ${placeholder}x`);
  });

  it('learns a token first seen in an answer and redacts it in later requests the same way', () => {
    const r = new Redactor();
    const issued = 'api-v1-newlyissued0123456789abcdef';
    const answer = r.response({}, JSON.stringify({ type: 'RXSUCCESS', data: { token: issued } }));
    expect(answer.body).not.toContain(issued);
    const placeholder = (JSON.parse(answer.body) as { data: { token: string } }).data.token;
    expect(r.request({ authorization: `Bearer ${issued}` }, undefined).headers.authorization).toBe(
      `Bearer ${placeholder}`,
    );
  });

  it("redacts the personal values of an answer (emails, user and member names, invitation hashes) but keeps the harness's own", () => {
    const r = new Redactor({ personalKey: 'k' });
    r.request({}, JSON.stringify({ email: 'invitee-1@example.com', role: 'viewer' }));
    const body = JSON.stringify({
      data: [
        { Member: { name: 'Ada Lovelace', email: 'ada@acme.test', profile_pic: null } },
        { email: 'invitee-1@example.com', hash: 'c0ffee1234567890', user: { name: 'Grace Hopper' } },
      ],
      message: 'Owner is ada@acme.test',
    });
    const out = r.response({}, body).body;
    for (const personal of ['Ada Lovelace', 'ada@acme.test', 'c0ffee1234567890', 'Grace Hopper'])
      expect(out).not.toContain(personal);
    expect(out).toContain('invitee-1@example.com');
    expect(out).toMatch(/person-[0-9a-f]{10}@example\.invalid/);
    expect(out).toContain('"name":"Person ');
    // a later request that sends the redacted member's address back is written with the same placeholder
    expect(r.request({}, JSON.stringify({ email: 'ada@acme.test' })).body).not.toContain('ada@acme.test');
  });

  it('an address of an answer sent back in another case is written as the same case of its placeholder', () => {
    const r = new Redactor({ personalKey: 'k' });
    const placeholder = JSON.parse(r.response({}, JSON.stringify({ email: 'Ada@Acme.test' })).body)
      .email as string;
    const sent = r.request({}, JSON.stringify({ email: 'ADA@ACME.TEST' })).body;
    expect(sent).toBe(JSON.stringify({ email: placeholder.toUpperCase() }));
  });

  it('walks bodies nested thousands of levels deep without overflowing the stack', () => {
    const deep = `${'{"a":'.repeat(20_000)}"ada@acme.test"${'}'.repeat(20_000)}`;
    const r = new Redactor();
    expect(r.request({}, deep).body).toBe(deep);
    expect(
      r.response({}, `${'['.repeat(20_000)}{"email":"bob@acme.test"}${']'.repeat(20_000)}`).body,
    ).not.toContain('bob@acme.test');
  });

  it('no token suffix survives, whatever surrounds it (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{12,40}$/),
        fc.string(),
        fc.string(),
        (suffix, before, after) => {
          const token = `api-v1-${suffix}`;
          const r = new Redactor({ secrets: [token] });
          const out = r.request({ authorization: `Bearer ${token}` }, `${before}${token}${after}`);
          expect(`${out.headers.authorization}${out.body}`).not.toContain(suffix);
        },
      ),
    );
  });
});

describe('what a target config declares secret [RECORD-REDACTION]', () => {
  it("a target's token pools and provider-state headers are redacted like its tokens and control secret", () => {
    const config = TargetConfig.parse({
      base_url: 'https://staging.example.com/api/v1',
      tokens: { owner: 'api-v1-owner-aaaaaaaaaaaa' },
      token_pools: { owner: ['api-v1-owner-bbbbbbbbbbbb'] },
      provider_states: {
        url: 'https://staging.example.com/_states',
        headers: { 'x-team-key': 'states-s3cret-value' },
      },
    });
    expect(secretsOf(config)).toEqual(
      expect.arrayContaining([
        'api-v1-owner-aaaaaaaaaaaa',
        'api-v1-owner-bbbbbbbbbbbb',
        'states-s3cret-value',
      ]),
    );
    const written = JSON.stringify(redactTargetConfig(config));
    for (const secret of ['owner-aaaaaaaaaaaa', 'owner-bbbbbbbbbbbb', 'states-s3cret-value'])
      expect(written).not.toContain(secret);
  });
});
