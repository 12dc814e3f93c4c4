/**
 * lenient-inputs (FAKE-VARIANT): values in another representation are read leniently where the strict reading refuses
 * them; a value of the documented type outside its set or range, and free text past its length, are still refused.
 */
import { describe, expect, it } from 'vitest';
import { bothSides } from './variant.test-support.js';

describe('lenient-inputs [FAKE-VARIANT]', () => {
  it('case variants, blank strings, null and numeric strings are read where the default refuses them', async () => {
    const { plain, variant } = bothSides('lenient-inputs');
    for (const body of [
      { orderBy: 'desc' },
      { orderBy: ' DESC ' },
      { limit: '2' },
      { limit: null },
      { page: '' },
    ]) {
      expect((await plain.platform('/api/v1/getMyProjects', body)).status, JSON.stringify(body)).toBe(400);
      expect((await variant.platform('/api/v1/getMyProjects', body)).status, JSON.stringify(body)).toBe(200);
    }
    const desc = await variant.platform('/api/v1/getMyProjects', { orderBy: 'DESC' });
    const lower = await variant.platform('/api/v1/getMyProjects', { orderBy: 'desc' });
    expect(lower.body.data.map((p: { id: number }) => p.id)).toEqual(
      desc.body.data.map((p: { id: number }) => p.id),
    );
    const two = await variant.platform('/api/v1/getMyProjects', { limit: '2' });
    expect(two.body.data).toHaveLength(2);
    const settings = { project_uid: variant.projectUid, mode: 'Chat', add_page_link: true, max_nodes: '3' };
    expect((await plain.platform('/api/v1/updateProjectSettings', settings)).status).toBe(400);
    expect((await variant.platform('/api/v1/updateProjectSettings', settings)).status).toBe(200);
    const forms = { project_uid: variant.projectUid, status: 'OPEN', orderBy: 'asc', limit: ' 5' };
    expect((await plain.form('/api/v1/getSessions', forms)).status).toBe(400);
    const sessions = await variant.form('/api/v1/getSessions', forms);
    expect(sessions.status).toBe(200);
    for (const s of sessions.body.data) expect(s.status).toBe('open');
  });

  it('values of the documented type outside the set or range, and free text past its length, are refused as before', async () => {
    const { variant } = bothSides('lenient-inputs');
    for (const body of [{ orderBy: 'RANDOM' }, { orderBy: 'ascending' }, { limit: '-1' }])
      expect((await variant.platform('/api/v1/getMyProjects', body)).status, JSON.stringify(body)).toBe(400);
    const uid = variant.projectUid;
    for (const change of [{ mode: 'voice' }, { temperature: 2.5 }, { temperature: '2.5' }, { max_nodes: 11 }])
      expect(
        (await variant.platform('/api/v1/updateProjectSettings', { project_uid: uid, ...change })).status,
      ).toBe(400);
    const query = ` ${'x'.repeat(5000)}`;
    const search = await variant.platform('/api/v1/searchIndexDocument', {
      project_uid: uid,
      query,
      limit: 5,
    });
    expect(search.status).toBe(400);
  });

  it('a key that is a property of every object (constructor, toString) is no field: ignored, never a server error', async () => {
    const { variant } = bothSides('lenient-inputs');
    const body = { constructor: { x: 1 }, toString: 'x', limit: '1' };
    const res = await variant.platform('/api/v1/getMyProjects', body);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
  });
});
