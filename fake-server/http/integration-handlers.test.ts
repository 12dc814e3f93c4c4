/**
 * The Project Integration resolvers, called as the router calls them: each answers its success message (the fake's
 * own texts: the spec shows none, so the suites check them softly) and its data; execution logs default to newest
 * first.
 */
import { describe, expect, it } from 'vitest';
import { authenticateProjectKey } from '../domain/authentication.js';
import { Runtime } from '../runtime.js';
import { integrationHandlers } from './integration-handlers.js';

function world() {
  const runtime = new Runtime();
  const domain = runtime.domain;
  const caller = authenticateProjectKey(domain, Object.values(runtime.seeded!.projectKeys)[0]);
  const call = (op: keyof typeof integrationHandlers, body: unknown) =>
    integrationHandlers[op]({ domain, caller, body });
  return { domain, caller, call };
}

describe('Project Integration resolvers [CONV-SUCCESS-ENVELOPE, EXEC-LOGS-ORDERBY-DEFAULT-DESC]', () => {
  it('answer each operation with its own success message', () => {
    const { caller, call } = world();
    const widget_uid = caller.project.integration.widget_uid;
    const created = call('createSession', { widget_uid });
    expect(created.message).toBe('Session created successfully');
    const { session_uid } = created.data as { session_uid: string };
    expect(call('sendMessage', { widget_uid, session_uid, message: 'Hello' }).message).toBe(
      'Message sent successfully',
    );
    expect(call('getChatbotExecutionLogs', {}).message).toBe('Execution logs fetched successfully');
    expect(call('searchIndexDocumentByProjectKey', { query: 'refund' }).message).toBe(
      'Documents fetched successfully',
    );
  });

  it('list execution logs newest first when no orderBy is given, oldest first with ASC', () => {
    const { domain, caller, call } = world();
    const widget_uid = caller.project.integration.widget_uid;
    for (const message of ['first', 'second', 'third']) {
      const { session_uid } = call('createSession', { widget_uid }).data as { session_uid: string };
      call('sendMessage', { widget_uid, session_uid, message });
      domain.clock.advance(60_000);
    }
    const times = (body: object) =>
      (call('getChatbotExecutionLogs', { limit: 100, ...body }).data as { createdAt: string }[]).map((l) =>
        Date.parse(l.createdAt),
      );
    const byDefault = times({});
    expect(byDefault.length).toBeGreaterThanOrEqual(3);
    expect(byDefault).toEqual([...byDefault].sort((a, b) => b - a));
    expect(byDefault[0]).toBeGreaterThan(byDefault.at(-1)!);
    expect(times({ orderBy: 'ASC' })).toEqual([...byDefault].reverse());
  });
});
