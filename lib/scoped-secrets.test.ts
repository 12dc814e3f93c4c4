/**
 * One fake shared by eight jobs, each holding only the control secret of its own organization (issue 35): each can
 * seed inside it, clear its counts, enter provider states in it and remove it; each is refused (403, the control
 * API's envelope) on every other organization and on everything fake-wide. connectFakeControl takes either secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_STATES_SECRET_HEADER } from '../fake-server/provider-states/router.js';
import { connectFakeControl, type FakeControl, type RunningFake, startFake } from './index.js';

const JOBS = 8;
let fake: RunningFake;
let admin: FakeControl;

interface Job {
  readonly organizationId: number;
  readonly ownerId: number;
  readonly secret: string;
  readonly control: FakeControl;
  projectUid: string;
  tokenId: number;
}
const jobs: Job[] = [];

beforeAll(async () => {
  fake = await startFake();
  admin = connectFakeControl(fake.target.control!.url, fake.target.control!.secret);
  for (let i = 0; i < JOBS; i += 1) {
    const org = await admin.post<{ id: number; owner: { id: number }; control_secret: string }>(
      '/organizations',
      {
        name: `job ${i}`,
        owner: { name: `CI ${i}`, email: `ci-${i}@example.com` },
      },
    );
    jobs.push({
      organizationId: org.id,
      ownerId: org.owner.id,
      secret: org.control_secret,
      control: connectFakeControl(fake.target.control!.url, org.control_secret),
      projectUid: '',
      tokenId: 0,
    });
  }
});
afterAll(() => fake.close());

const status = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (err: { status?: number; message?: string }) => err.status ?? 0,
  );

describe('control secrets scoped to an organization [FAKE-CONTROL-SCOPED-SECRET, FAKE-SHARED-FAKE]', () => {
  it('each job seeds its own organization with its own secret: a project, a token, its counts', async () => {
    await Promise.all(
      jobs.map(async (job) => {
        const project = await job.control.post<{ project_uid: string }>('/projects', {
          organization_id: job.organizationId,
          name: 'bot',
        });
        job.projectUid = project.project_uid;
        const token = await job.control.post<{ id: number; value: string }>('/tokens', {
          organization_id: job.organizationId,
          creator_user_id: job.ownerId,
          role: 'owner',
        });
        job.tokenId = token.id;
        expect(await job.control.get(`/projects/${job.projectUid}`)).toMatchObject({
          project_uid: job.projectUid,
        });
        expect(await job.control.get(`/organizations/${job.organizationId}`)).toMatchObject({
          id: job.organizationId,
        });
        expect(await job.control.resetOrganizationRateLimits(job.organizationId)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("each job is refused, 403 in the control API's envelope, on every other job's organization", async () => {
    for (const job of jobs) {
      for (const other of jobs.filter((o) => o !== job)) {
        expect(await status(job.control.resetOrganizationRateLimits(other.organizationId))).toBe(403);
        expect(await status(job.control.deleteOrganization(other.organizationId))).toBe(403);
        expect(await status(job.control.get(`/organizations/${other.organizationId}`))).toBe(403);
        expect(await status(job.control.get(`/projects/${other.projectUid}`))).toBe(403);
        expect(await status(job.control.get(`/tokens/${other.tokenId}`))).toBe(403);
        expect(
          await status(
            job.control.post('/projects', { organization_id: other.organizationId, name: 'intruder' }),
          ),
        ).toBe(403);
      }
    }
    const err = await jobs[0]!.control.deleteOrganization(jobs[1]!.organizationId).catch((e: Error) => e);
    expect((err as Error).message).toContain(`scoped to organization ${jobs[0]!.organizationId}`);
  });

  it('each job is refused on everything fake-wide: reset, clock, faults, counts, models, journal, state, target', async () => {
    for (const job of jobs) {
      const c = job.control;
      const attempts = [
        () => c.reset(),
        () => c.advanceClock({ hours: 1 }),
        () => c.post('/faults', { latency_ms: 1 }),
        () => c.resetRateLimits(),
        () => c.post('/models', { value: 'gpt-x', tier: 1 }),
        () => c.journal(),
        () => c.exportState(),
        () => c.target(),
        () => c.post('/organizations', { name: 'more', owner: { name: 'x', email: 'x@example.com' } }),
      ];
      for (const attempt of attempts) expect(await status(attempt())).toBe(403);
    }
  });

  it('each job enters provider states in its own organization only, and tears down only its own', async () => {
    const enter = (secret: string, body: unknown) =>
      fetch(fake.target.provider_states!.url, {
        method: 'POST',
        headers: { [PROVIDER_STATES_SECRET_HEADER]: secret, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const [a, b] = jobs as [Job, Job];
    const mine = await enter(a.secret, { state: 'project', params: { organization_id: a.organizationId } });
    expect(mine.status).toBe(200);
    const { data } = (await mine.json()) as { data: { teardown?: string } };
    expect(
      (await enter(a.secret, { state: 'project', params: { organization_id: b.organizationId } })).status,
    ).toBe(403);
    const teardown = (secret: string) =>
      fetch(`${fake.target.provider_states!.url}/teardown`, {
        method: 'POST',
        headers: { [PROVIDER_STATES_SECRET_HEADER]: secret, 'content-type': 'application/json' },
        body: JSON.stringify({ state: 'project', teardown: data.teardown }),
      });
    expect((await teardown(b.secret)).status).toBe(403);
    expect((await teardown(a.secret)).status).toBe(200);
  });

  it('each job removes its own organization; its secret is then nobody’s, and the admin secret keeps every right', async () => {
    await Promise.all(jobs.map((job) => job.control.deleteOrganization(job.organizationId)));
    for (const job of jobs)
      expect(await status(job.control.get(`/organizations/${job.organizationId}`))).toBe(401);
    expect(await admin.now()).toMatch(/^\d{4}-/);
  });
});
