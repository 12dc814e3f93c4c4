/**
 * Curl lines that send a kept request again (issue 39, item 6): read back by a real shell, whose `curl` here only
 * prints the arguments it was given, so what a QA engineer pastes is what the test sent, credentials from variables.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { credentialVariable, curlLine } from './curl.js';
import { request } from './outcomes.test-support.js';

/** The arguments `line` hands curl in bash, with these variables set. */
function argv(line: string, vars: Record<string, string>): string[] {
  const script = `curl() { printf '%s\\0' "$@"; }\n${line}`;
  const out = execFileSync('bash', ['-c', script], { env: { ...vars, PATH: process.env.PATH ?? '' } });
  return out.toString('utf8').split('\0').slice(0, -1);
}

describe('curl lines [REPORT-LIKELY-DEFECTS]', () => {
  it('a Platform request: the operation under $BASE_URL, the token from the variable named after its field, the body as sent', () => {
    const body = `{"project_uid":"h9vdap64uql8mmb2","prompt":"It's \\"quoted\\" and $HOME stays"}`;
    const line = curlLine(
      request('updateProjectSettings', ['authorization: Bearer api-v1-redacted0123456789abcdef'], body),
      {
        credential: 'the owner token',
        basePath: '/api/v1',
      },
    );
    expect(line).not.toContain('redacted');
    expect(argv(line, { BASE_URL: 'https://staging.example/api/v1', TOKENS_OWNER: 'api-v1-secret' })).toEqual(
      [
        '-sS',
        '-i',
        '-X',
        'POST',
        'https://staging.example/api/v1/updateProjectSettings',
        '-H',
        'Authorization: Bearer api-v1-secret',
        '-H',
        'Content-Type: application/json',
        '--data-raw',
        body,
      ],
    );
  });

  it('a project key in api-key, x-api-key or Bearer, a RAG path, an organization-level address', () => {
    const integration = curlLine(
      request('createSession', ['api-key: apk-redactedabcdef'], '{"widget_uid":"w"}'),
      {
        credential: 'the project key',
        basePath: '/api/v1',
      },
    );
    expect(integration).toContain('"$BASE_URL/createSession" -H "api-key: $PROJECT_KEY"');
    const anthropic = curlLine(request('anthropic/v1/messages', ['x-api-key: apk-redactedabcdef'], '{}'), {
      credential: 'the project key',
      basePath: '/api/v1',
    });
    expect(anthropic).toContain('"$BASE_URL/anthropic/v1/messages" -H "x-api-key: $PROJECT_KEY"');
    const org = curlLine(
      request('getOrganizationDetail', ['authorization: Bearer api-v1-redacted00'], '{}', '/org/api/v1'),
      {
        credential: 'the editor token',
        basePath: '/api/v1',
      },
    );
    expect(org).toContain('"$ORG_BASE_URL/getOrganizationDetail" -H "Authorization: Bearer $TOKENS_EDITOR"');
  });

  it('no credential sends no credential header; a form body goes as sent with its content type', () => {
    const form = [
      'POST /api/v1/getSessions',
      'content-type: application/x-www-form-urlencoded',
      '',
      'project_uid=h9vdap64uql8mmb2&limit=%ZZ',
    ].join('\n');
    const line = curlLine(form, { credential: 'no credential', basePath: '/api/v1' });
    expect(argv(line, { BASE_URL: 'http://h/api/v1' })).toEqual([
      '-sS',
      '-i',
      '-X',
      'POST',
      'http://h/api/v1/getSessions',
      '-H',
      'Content-Type: application/x-www-form-urlencoded',
      '--data-raw',
      'project_uid=h9vdap64uql8mmb2&limit=%ZZ',
    ]);
  });

  it('says so when the report kept only the start of the body, or none of a binary one', () => {
    const cut = request(
      'getMyProjects',
      ['authorization: Bearer api-v1-redacted00'],
      `${'{"a":'.repeat(160)}… (30001 characters)`,
    );
    expect(curlLine(cut, { credential: 'the owner token' })).toMatch(
      /--data-raw '\{"a":.*' {2}# the report kept the first 800 of the body's 30001 characters$/,
    );
    const binary = request('getMyProjects', ['authorization: Bearer api-v1-redacted00'], '(binary body)');
    expect(curlLine(binary, { credential: 'the owner token' })).toMatch(
      /Content-Type: application\/json' {2}# the body was binary: the report kept none of it$/,
    );
  });

  it('names the variable after the target file field, or the spec placeholder when the credential has no name', () => {
    expect(credentialVariable('the fine_grained token', 'authorization', 'Bearer x')).toBe(
      'TOKENS_FINE_GRAINED',
    );
    expect(credentialVariable('a test-made credential', 'authorization', 'Bearer x')).toBe(
      'TEST_MADE_CREDENTIAL',
    );
    expect(credentialVariable(undefined, 'authorization', 'Bearer api-v1-redacted')).toBe('API_TOKEN');
    expect(credentialVariable(undefined, 'authorization', 'Bearer apk-redacted')).toBe('PROJECT_API_KEY');
    expect(credentialVariable(undefined, 'api-key', 'apk-redacted')).toBe('PROJECT_API_KEY');
  });
});
