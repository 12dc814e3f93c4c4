/**
 * connectFakeControl: the control handle of a fake running elsewhere, over HTTP, used as the client developers'
 * guide shows for parallel jobs sharing one fake (FAKE-SHARED-FAKE): an organization of one's own, then its counts
 * cleared and the organization removed, nobody else's touched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectFakeControl, FakeControlError, type RunningFake, startFake } from './index.js';

let fake: RunningFake;
beforeAll(async () => {
  fake = await startFake();
});
afterAll(() => fake.close());

const getMyProjects = (base: string, token: string) =>
  fetch(`${base}/getMyProjects`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });

describe('connectFakeControl [LIB-START-FAKE, FAKE-SHARED-FAKE]', () => {
  it("takes an organization of one's own over HTTP, clears its counts and removes it, as the guide shows", async () => {
    const { control: where, base_url, tokens } = fake.target;
    const control = connectFakeControl(where!.url, where!.secret);
    const org = await control.post<{ id: number; owner: { id: number } }>('/organizations', {
      name: 'job 1',
      owner: { name: 'CI', email: 'ci-1@example.com' },
    });
    const project = await control.post<{ project_uid: string }>('/projects', {
      organization_id: org.id,
      name: 'bot',
    });
    const token = await control.post<{ value: string }>('/tokens', {
      organization_id: org.id,
      creator_user_id: org.owner.id,
      role: 'owner',
    });
    const mine = await getMyProjects(base_url, token.value);
    expect(
      ((await mine.json()) as { data: { project_uid: string }[] }).data.map((p) => p.project_uid),
    ).toEqual([project.project_uid]);
    expect((await getMyProjects(base_url, tokens.owner!)).status).toBe(200);

    expect(await control.resetOrganizationRateLimits(org.id)).toBe(1);
    const left = await control.rateLimits<{ counters: Record<string, { count: number }> }>();
    expect(Object.values(left.counters).map((c) => c.count)).toEqual([1]); // the seeded owner's request
    await control.deleteOrganization(org.id);
    expect((await getMyProjects(base_url, token.value)).status).toBe(401);
    expect((await getMyProjects(base_url, tokens.owner!)).status).toBe(200);
  });

  it('a refusal rejects with FakeControlError: the status and the envelope message; a wrong secret is refused', async () => {
    const control = connectFakeControl(`${fake.target.control!.url}/`, fake.target.control!.secret);
    const err = await control.deleteOrganization(424_242).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FakeControlError);
    expect(err).toMatchObject({ status: 404, method: 'DELETE', path: '/organizations/424242' });
    expect((err as Error).message).toContain('Organization not found');
    const stranger = connectFakeControl(fake.target.control!.url, 'not-the-secret');
    await expect(stranger.now()).rejects.toMatchObject({ status: 401 });
  });
});
