/**
 * One fake shared by parallel jobs (FAKE-SHARED-FAKE): eight jobs against one fake over HTTP, each in an
 * organization of its own made through the control API, all at once. No job sees another's projects, sessions or
 * usage limits; every hourly count is its own; clearing or removing one organization leaves the others as they were.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlApi, fetchExchange } from '../../contract/control/index.js';
import { createFakeServer, DEFAULT_ADMIN_SECRET } from '../index.js';

const JOBS = 8;
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createFakeServer().app.listen(0, '127.0.0.1');
  await new Promise<void>((r) => server.once('listening', () => r()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const control = () =>
  createControlApi(
    fetchExchange(
      `${origin}/_control`,
      DEFAULT_ADMIN_SECRET,
      (status, method, path, message) => new Error(`${method} ${path}: ${status} ${message}`),
    ),
  );

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the envelope's fields by name
  body: any;
}

/** One API request: JSON, or form-encoded for the form operations; a Bearer token or a project key. */
async function call(
  path: string,
  auth: { token: string } | { key: string },
  body: Record<string, string | number | object>,
  form = false,
): Promise<Answer> {
  const headers: Record<string, string> =
    'token' in auth ? { authorization: `Bearer ${auth.token}` } : { 'api-key': auth.key };
  headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
  const res = await fetch(`${origin}/api/v1${path}`, {
    method: 'POST',
    headers,
    body: form
      ? new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString()
      : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** A job's own organization, owner token, project and project key, through the control API. */
async function takeOrganization(n: number) {
  const api = control();
  const org = await api.createOrganization({
    name: `Job ${n}`,
    owner: { name: `Job ${n} owner`, email: `job-${n}@example.com` },
  });
  const project = await api.createProject({ organization_id: org.id, name: `Job ${n} project` });
  const token = await api.createToken({
    organization_id: org.id,
    creator_user_id: org.owner.id,
    role: 'owner',
  });
  const key = await api.createKey(project.project_uid);
  return { org, project, token, key: key.value };
}

type Job = Awaited<ReturnType<typeof takeOrganization>> & { platformCalls: number; sessions: string[] };

/** What one job does: writes its usage limit, opens sessions and talks in them, then reads its own world back. */
async function work(n: number): Promise<Job> {
  const own = await takeOrganization(n);
  const job: Job = { ...own, platformCalls: 0, sessions: [] };
  const bearer = { token: own.token.value };
  const platform = async (path: string, body: Record<string, string | number | object>, form = false) => {
    job.platformCalls += 1;
    return call(path, bearer, body, form);
  };
  const uid = own.project.project_uid;
  expect(
    (
      await platform('/setProjectUsageLimit', {
        project_uid: uid,
        limits: [{ limit_type: 'document', limit: 100 + n }],
      })
    ).status,
  ).toBe(200);
  for (let s = 0; s < 2 + (n % 3); s++) {
    const created = await call('/createSession', { key: own.key }, { widget_uid: own.project.widget_uid });
    expect(created.status).toBe(200);
    job.sessions.push(created.body.data.session_uid);
    const sent = await call(
      '/sendMessage',
      { key: own.key },
      {
        widget_uid: own.project.widget_uid,
        session_uid: created.body.data.session_uid,
        message: `job ${n} says hi`,
      },
    );
    expect(sent.status).toBe(200);
  }
  // Reads: only this job's world.
  const projects = await platform('/getMyProjects', {});
  expect(projects.status).toBe(200);
  expect(projects.body.data.map((p: { project_uid: string }) => p.project_uid)).toEqual([uid]);
  const limits = await platform('/getProjectUsageLimit', { project_uid: uid });
  expect(limits.body.data.document.limit).toBe(100 + n);
  const sessions = await platform('/getSessions', { project_uid: uid, limit: 100 }, true);
  expect(sessions.status).toBe(200);
  expect(sessions.body.data.map((s: { session_uid: unknown }) => String(s.session_uid)).sort()).toEqual(
    job.sessions.map(String).sort(),
  );
  return job;
}

const counters = async (): Promise<Record<string, { count: number }>> =>
  (await control().rateLimits()).counters;

describe('one fake, many parallel jobs, an organization each [FAKE-SHARED-FAKE]', () => {
  it(`${JOBS} jobs at once: each sees only its own writes, and each token's hourly count is its own requests`, async () => {
    const jobs = await Promise.all(Array.from({ length: JOBS }, (_, n) => work(n)));
    const counts = await counters();
    for (const job of jobs) {
      expect(counts[`token:${job.token.id}`]?.count, `job of org ${job.org.id}`).toBe(job.platformCalls);
      // Another job's project is not this job's: its token is refused there (project not in reach).
      const other = jobs.find((j) => j !== job)!;
      const foreign = await call(
        '/getProjectUsageLimit',
        { token: job.token.value },
        { project_uid: other.project.project_uid },
      );
      expect(
        foreign.status,
        `org ${job.org.id} reading org ${other.org.id}'s project`,
      ).toBeGreaterThanOrEqual(400);
      expect(foreign.status).toBeLessThan(500);
    }
    // Eight tokens, eight counts: none spent another's.
    expect(new Set(jobs.map((j) => j.token.id)).size).toBe(JOBS);
  });

  it("clearing one organization's counts or removing it leaves every other organization as it was", async () => {
    const [a, b, c] = await Promise.all([work(10), work(11), work(12)]);
    const before = await counters();
    expect(await control().resetOrganizationRateLimits(a!.org.id)).toBe(1);
    const after = await counters();
    expect(after[`token:${a!.token.id}`]).toBeUndefined();
    expect(after[`token:${b!.token.id}`]).toEqual(before[`token:${b!.token.id}`]);
    expect(after[`token:${c!.token.id}`]).toEqual(before[`token:${c!.token.id}`]);

    await control().deleteOrganization(b!.org.id);
    expect((await call('/getMyProjects', { token: b!.token.value }, {})).status).toBe(401);
    expect(
      (await call('/createSession', { key: b!.key }, { widget_uid: b!.project.widget_uid })).status,
    ).toBe(401);
    expect((await counters())[`token:${b!.token.id}`]).toBeUndefined();
    const still = await call(
      '/getSessions',
      { token: c!.token.value },
      { project_uid: c!.project.project_uid, limit: 100 },
      true,
    );
    expect(still.body.data).toHaveLength(c!.sessions.length);
    expect((await control().rateLimits()).counters[`token:${c!.token.id}`]?.count).toBe(c!.platformCalls + 1);
  });

  it('an unknown organization: 404 `Organization not found` from both routes, nothing cleared', async () => {
    await expect(control().resetOrganizationRateLimits(999_999)).rejects.toThrow(
      /404 Organization not found/,
    );
    await expect(control().deleteOrganization(999_999)).rejects.toThrow(/404 Organization not found/);
    await expect(control().resetOrganizationRateLimits(Number.NaN)).rejects.toThrow(/400/);
  });
});
