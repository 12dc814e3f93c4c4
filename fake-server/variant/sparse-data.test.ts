/** sparse-data (FAKE-VARIANT): the seeded projects hold two conversations and two documents each; the rest is as seeded. */
import { describe, expect, it } from 'vitest';
import { bothSides } from './variant.test-support.js';

const sessionsOf = async (s: ReturnType<typeof bothSides>['plain']) =>
  (await s.form('/api/v1/getSessions', { project_uid: s.projectUid, limit: 100 })).body.data as {
    status: string;
  }[];

describe('sparse-data [FAKE-VARIANT]', () => {
  it('a seeded project keeps one open and one closed conversation; the default has dozens', async () => {
    const { plain, variant } = bothSides('sparse-data');
    expect((await sessionsOf(plain)).length).toBeGreaterThan(10);
    const sparse = await sessionsOf(variant);
    expect(sparse.map((s) => s.status).sort()).toEqual(['closed', 'open']);
  });

  it('execution logs and the knowledgebase are as small', async () => {
    const { plain, variant } = bothSides('sparse-data');
    const logs = async (s: typeof plain) =>
      (await s.integration('/api/v1/getChatbotExecutionLogs', { limit: 100 })).body.data.length as number;
    expect(await logs(plain)).toBeGreaterThan(20);
    expect(await logs(variant)).toBeLessThanOrEqual(8);
    // Every document a handful of broad queries finds.
    const documents = async (s: typeof plain) => {
      const ids = new Set<string>();
      for (const query of [
        'refund',
        'account',
        'invoice',
        'bank',
        'plan',
        'security',
        'password',
        'export',
      ]) {
        const res = await s.integration('/api/v1/searchIndexDocument', { query, limit: 100 });
        for (const c of res.body.data as { doc_id: string }[]) ids.add(c.doc_id);
      }
      return ids.size;
    };
    expect(await documents(plain)).toBeGreaterThan(2);
    expect(await documents(variant)).toBe(2);
  });

  it('users, tokens and keys are the seed’s: every seeded token still answers', async () => {
    const { variant } = bothSides('sparse-data');
    for (const token of Object.values(variant.tokens))
      expect((await variant.platform('/api/v1/getMyProjects', {}, token)).status).toBe(200);
  });
});
