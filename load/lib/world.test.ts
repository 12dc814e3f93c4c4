import { describe, expect, it } from 'vitest';
import type { HttpCall, HttpResult } from './http.ts';
import {
  advancePastWindow,
  ControlError,
  mintCredentials,
  mintedCredits,
  runAsync,
  runSync,
} from './world.ts';

const control = { url: 'http://127.0.0.1:4010/_control', secret: 'sec' };

/** A scripted control API: answers by path, records every call. */
function scripted(answers: Record<string, unknown>, status = 200) {
  const calls: { method: string; path: string; body: unknown; secret: string | undefined }[] = [];
  const send = (call: HttpCall): HttpResult => {
    const path = call.url.slice(control.url.length);
    calls.push({
      method: call.method,
      path,
      body: call.body === undefined ? undefined : JSON.parse(call.body),
      secret: call.headers['x-control-secret'],
    });
    const data = answers[`${call.method} ${path}`];
    return { status, body: JSON.stringify({ type: 'RXSUCCESS', message: 'ok', data }) };
  };
  return { calls, send };
}

const org = { id: 7, owner: { id: 70 } };

describe('control-API steps of the load scripts [LOAD-CAP-CHECK]', () => {
  it('[RATE-PLATFORM-PER-TOKEN] a fresh owner token in a new Advanced organization', () => {
    const api = scripted({ 'POST /organizations': org, 'POST /tokens': { value: 'api-v1-new' } });
    expect(
      runSync(mintCredentials(control, 'platform', { suffix: 'abc', plan: 'professional' }), api.send),
    ).toEqual({
      token: 'api-v1-new',
    });
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/organizations',
        secret: 'sec',
        body: {
          name: 'load platform abc',
          owner: { name: 'Load platform abc', email: 'load-platform-abc@example.com' },
          plan: 'advanced',
          credits: mintedCredits,
        },
      },
      {
        method: 'POST',
        path: '/tokens',
        secret: 'sec',
        body: { organization_id: 7, creator_user_id: 70, name: 'load abc', role: 'owner' },
      },
    ]);
  });

  it('[RATE-ENTERPRISE-CAP, RATE-RAG-SCOPE] a new project key in an organization on the plan, with the Enterprise cap', async () => {
    const api = scripted({
      'POST /organizations': org,
      'POST /organizations/7/plan': {},
      'POST /projects': { project_uid: 'p-1' },
      'POST /projects/p-1/keys': { value: 'apk-new' },
    });
    const step = mintCredentials(control, 'rag', { suffix: 's', plan: 'enterprise', enterpriseCap: 150 });
    expect(await runAsync(step, async (c) => api.send(c))).toEqual({ projectKey: 'apk-new' });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /organizations',
      'POST /organizations/7/plan',
      'POST /projects',
      'POST /projects/p-1/keys',
    ]);
    expect(api.calls[0]!.body).toMatchObject({ plan: 'enterprise' });
    expect(api.calls[1]!.body).toEqual({ plan: 'enterprise', rag_cap_per_hour: 150 });
  });

  it('[RATE-SEARCH-KEY-SCOPE] a search key of a new project; no plan call below Enterprise', () => {
    const api = scripted({
      'POST /organizations': org,
      'POST /projects': { project_uid: 'p-2' },
      'POST /projects/p-2/keys': { value: 'apk-s' },
    });
    expect(
      runSync(mintCredentials(control, 'search', { suffix: 's', plan: 'professional' }), api.send),
    ).toEqual({
      projectKey: 'apk-s',
    });
    expect(api.calls.map((c) => c.path)).toEqual(['/organizations', '/projects', '/projects/p-2/keys']);
  });

  it('[RATE-WINDOW-FIXED-HOUR] recovery moves the clock one second past the window, whatever its length', () => {
    const api = scripted({
      'GET /rate-limits': { window_ms: 60_000, mode: 'sliding' },
      'POST /clock/advance': {},
    });
    expect(runSync(advancePastWindow(control), api.send)).toEqual({ windowMs: 60_000 });
    expect(api.calls[1]).toMatchObject({ method: 'POST', path: '/clock/advance', body: { ms: 61_000 } });
    const broken = scripted({ 'GET /rate-limits': {} });
    expect(() => runSync(advancePastWindow(control), broken.send)).toThrow(/no window_ms/);
  });

  it('[LOAD-CAP-CHECK] a control call that fails stops the step with the call and the answer', () => {
    const api = scripted({}, 401);
    expect(() =>
      runSync(mintCredentials(control, 'search', { suffix: 's', plan: 'advanced' }), api.send),
    ).toThrow(ControlError);
    expect(() =>
      runSync(mintCredentials(control, 'search', { suffix: 's', plan: 'advanced' }), api.send),
    ).toThrow(/^control POST \/organizations answered 401/);
  });
});
