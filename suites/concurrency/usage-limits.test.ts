/**
 * Usage limits under concurrency: setProjectUsageLimit, removeProjectUsageLimit and getProjectUsageLimit on one
 * project and on two projects at once, then (control) with usage growing and the plan changing in the same burst.
 * The answers (acceptances, refusals with their messages, the values each read reports) and the limits finally
 * reported must be those of at least one serial order of the burst through the reference of the rules
 * (support/reference/usage-limits.ts).
 *
 * Every request of a burst differs from the others by its body (one read per project and burst), so a recording
 * replays each answer to its own request.
 *
 * Concurrency is not shown: that some serial order explains the burst is the fake's choice
 * (CONC-USAGE-LIMITS-SERIALIZABLE). It is checked on the classes of the answers (accepted, or refused with the
 * documented message where the spec quotes one, and the values read), and, on top, on the fake's exact statuses
 * and messages (USAGE-LIMIT-*-STATUS).
 */
import { afterEach, describe, expect, it, type TestContext } from 'vitest';
import type { ProjectUsageLimit } from '../../contract/index.js';
import { arrange, cleanUp } from '../support/arrangement.js';
import { expectSuccess } from '../support/envelope.js';
import {
  type Allocation,
  exactly,
  LIMIT_TYPES,
  type LimitType,
  limitsKey,
  noLimits,
  ofClass,
  type ProjectLimits,
  REMOVABLE_TYPES,
  removeLimit,
  reported,
  setLimits,
  used,
} from '../support/reference/usage-limits.js';
import { findSerialOrder, reachableFinals } from '../support/serial-order.js';
import { arranged, assumed } from '../support/strength.js';
import { enterState, need, stateMissing, useTarget } from '../support/use-target.js';
import { setPlanVia, unique } from '../support/world.js';
import type { Auth } from '../target/target.js';

const target = useTarget();

type Action =
  | { kind: 'set'; project: number; items: { limit_type: LimitType; limit: number }[] }
  | { kind: 'remove'; project: number; type: LimitType }
  | { kind: 'get'; project: number }
  | { kind: 'add-document'; project: number }
  | { kind: 'plan'; plan: 'agency' };

interface World {
  plan: string;
  projects: readonly ProjectLimits[];
}

interface Seen {
  status: number;
  message: string;
  data: unknown;
}

interface Subject {
  uids: string[];
  auth: Auth | undefined;
  organization_id?: number;
}

const describeAction = (a: Action) =>
  a.kind === 'set'
    ? `set P${a.project} ${a.items.map((i) => `${i.limit_type}=${i.limit}`).join(',')}`
    : a.kind === 'remove'
      ? `remove P${a.project} ${a.type}`
      : a.kind === 'plan'
        ? `plan ${a.plan}`
        : `${a.kind} P${a.project}`;

/** What the reference predicts of one action's answer, in both strengths (reference/usage-limits.ts). */
interface Predicted {
  ok: boolean;
  status?: number;
  messages?: readonly string[];
  documented?: RegExp;
  data?: unknown;
  next: World;
}

/** The reference run of one action: its answer (undefined: always 200, no data) and the world after it. */
function predict(w: World, a: Action, allocation: (plan: string, project: number) => Allocation): Predicted {
  const withProject = (j: number, p: ProjectLimits): World => ({
    ...w,
    projects: w.projects.map((q, i) => (i === j ? p : q)),
  });
  switch (a.kind) {
    case 'plan':
      return { ok: true, next: { ...w, plan: a.plan } };
    case 'add-document':
      return { ok: true, next: withProject(a.project, used(w.projects[a.project]!, 'document')) };
    case 'get':
      return { ok: true, data: reported(w.projects[a.project]!, allocation(w.plan, a.project)), next: w };
    case 'remove': {
      const r = removeLimit(w.projects[a.project]!, a.type);
      return r.ok ? { ok: true, next: withProject(a.project, r.next) } : { ...r, next: w };
    }
    case 'set': {
      const r = setLimits(w.projects[a.project]!, allocation(w.plan, a.project), a.items);
      return r.ok ? { ok: true, next: withProject(a.project, r.next) } : { ...r, next: w };
    }
  }
}

/** A usage-limit read as one string, whatever the order of its keys. */
const shown = (data: unknown): string => {
  const d = data as Partial<Record<LimitType, { limit?: unknown; usage?: unknown }>> | undefined;
  return LIMIT_TYPES.map((t) => `${t}=${d?.[t]?.limit}/${d?.[t]?.usage}`).join(',');
};

const worldKey = (w: World) => `${w.plan}|${w.projects.map(limitsKey).join('|')}`;

async function getLimits(t: Subject, j: number): Promise<ProjectUsageLimit> {
  const res = await target().call('getProjectUsageLimit', { body: { project_uid: t.uids[j] }, auth: t.auth });
  return expectSuccess<ProjectUsageLimit>(res, 'getProjectUsageLimit').data;
}

/** Remove every limit of the project (each type, one request each). */
async function clearLimits(t: Subject, j: number): Promise<void> {
  for (const limit_type of REMOVABLE_TYPES) {
    const body = { project_uid: t.uids[j], limit_type };
    expectSuccess(
      await target().call('removeProjectUsageLimit', { body, auth: t.auth }),
      'removeProjectUsageLimit',
    );
  }
}

/** Send the burst at once; the answers in the burst's order. */
function burst(t: Subject, actions: readonly Action[]): Promise<Seen[]> {
  const control = target().control;
  return Promise.all(
    actions.map(async (a): Promise<Seen> => {
      if (a.kind === 'plan' || a.kind === 'add-document') {
        if (!control || t.organization_id === undefined) throw new Error(`${a.kind} needs the control API`);
        if (a.kind === 'plan') await setPlanVia(control, t.organization_id, a.plan);
        else
          await control.post(`/projects/${t.uids[a.project]}/documents`, {
            docId: unique('concurrent-doc'),
            title: 'A document added during a burst',
            kind: 'file',
            text: 'Usage grows while limits change.',
          });
        return { status: 200, message: '', data: undefined };
      }
      const project_uid = t.uids[a.project];
      const res =
        a.kind === 'set'
          ? await target().call('setProjectUsageLimit', {
              body: { project_uid, limits: a.items },
              auth: t.auth,
            })
          : a.kind === 'remove'
            ? await target().call('removeProjectUsageLimit', {
                body: { project_uid, limit_type: a.type },
                auth: t.auth,
              })
            : await target().call('getProjectUsageLimit', { body: { project_uid }, auth: t.auth });
      const json = res.json as { message?: string; data?: unknown } | undefined;
      return { status: res.status, message: json?.message ?? '', data: json?.data };
    }),
  );
}

/**
 * Some serial order of the burst explains each answer and the limits read afterwards: on the answers' classes
 * under `grounds` (the assumed clauses the test rests on), and on the fake's exact statuses and messages under
 * `exactGrounds` (the clauses stating them).
 */
async function expectSerializable(
  t: Subject,
  initial: World,
  actions: readonly Action[],
  allocation: (plan: string, project: number) => Allocation,
  grounds: readonly string[],
  exactGrounds: readonly string[],
): Promise<void> {
  // The burst can end in several states, so the check decides something.
  const finals = reachableFinals(
    initial,
    actions.length,
    (w, i) => predict(w, actions[i]!, allocation).next,
    worldKey,
  );
  arranged(
    undefined,
    finals.size > 1,
    "every order of the burst ends alike with this target's allocations and usage",
  );

  const seen = await burst(t, actions);
  for (const s of seen) expect(s.status, `no server error: ${s.message}`).toBeLessThan(500);
  const after = await Promise.all(t.uids.map((_, j) => getLimits(t, j)));
  // The plan only matters to bursts that change it (the control API shows it).
  const changesPlan = actions.some((a) => a.kind === 'plan');
  const plan = changesPlan
    ? (await target().control!.get<{ plan: string }>(`/organizations/${t.organization_id}`)).plan
    : initial.plan;

  const orderBy = (matches: (p: Predicted, s: Seen) => boolean) =>
    findSerialOrder<World>({
      initial,
      count: actions.length,
      step: (w, i) => {
        const p = predict(w, actions[i]!, allocation);
        const s = seen[i]!;
        if (!matches(p, s)) return { mismatch: p.ok ? 'refused' : 'accepted' };
        if (p.ok && p.data !== undefined && shown(s.data) !== shown(p.data)) return { mismatch: 'read' };
        return { next: p.next };
      },
      final: (w) =>
        w.plan === plan &&
        w.projects.every((p, j) => shown(reported(p, allocation(w.plan, j))) === shown(after[j])),
      key: worldKey,
    });
  const story = actions.map(
    (a, i) =>
      `${describeAction(a)} → ${seen[i]!.status} ${seen[i]!.data ? JSON.stringify(seen[i]!.data) : seen[i]!.message}`,
  );
  const why = `no serial order explains the burst: ${story.join('; ')}; afterwards ${JSON.stringify(after)} (plan ${plan})`;
  const byClass = orderBy((p, s) => ofClass(p, s.status, s.message));
  for (const id of grounds) assumed(id, () => expect(byClass, why).toBeDefined());
  const byStatus = orderBy((p, s) => exactly(p, s.status, s.message));
  for (const id of exactGrounds)
    assumed(id, () => expect(byStatus, `exact statuses and messages: ${why}`).toBeDefined());
}

/** Limits to clear after the test, on targets whose projects outlive it. */
let touched: Subject | undefined;
afterEach(async () => {
  const t = touched;
  touched = undefined;
  if (t)
    await cleanUp('removing the limits the test set', async () => {
      for (const j of t.uids.keys()) await clearLimits(t, j);
    });
});

/**
 * Two fresh projects in a fresh organization (provider states `organization` and `project`) with its owner's token
 * and a quota of its own; on a target without those states, the configured project(s).
 */
async function subjects(ctx: TestContext): Promise<Subject> {
  need(ctx, target(), { writes: true });
  if (!(await stateMissing(target(), 'organization')) && !(await stateMissing(target(), 'project'))) {
    const org = await enterState(ctx, target(), 'organization');
    const second = await enterState(ctx, target(), 'project', { organization_id: org.organization_id });
    return {
      uids: [org.project_uid, second.project_uid],
      auth: { bearer: org.owner_token },
      organization_id: org.organization_id,
    };
  }
  need(ctx, target(), { tokens: ['owner'], projectUid: true });
  const c = target().config;
  touched = {
    uids: [c.project_uid!, ...(c.other_project_uid ? [c.other_project_uid] : [])],
    auth: undefined,
  };
  return touched;
}

describe('concurrent usage-limit updates', () => {
  it('sets, removes and reads on one project and on a second one, all at once: some serial order explains every answer and the limits left [CONC-USAGE-LIMITS-SERIALIZABLE, USAGE-LIMIT-SET-REFLECTED, USAGE-LIMIT-ATOMIC, USAGE-LIMIT-REMOVE-FULL-ALLOCATION]', async (ctx) => {
    const t = await subjects(ctx);
    const start: ProjectLimits[] = [];
    const allocations: Allocation[] = [];
    for (const j of t.uids.keys()) {
      const read = await arrange('clearing the limits and reading the allocation', async () => {
        await clearLimits(t, j);
        return getLimits(t, j);
      });
      allocations.push({
        document: read.document.limit,
        webpages: read.webpages.limit,
        credits: read.credits.limit,
      });
      start.push(
        noLimits({
          document: read.document.usage,
          webpages: read.webpages.usage,
          credits: read.credits.usage,
        }),
      );
      for (const type of ['document', 'webpages'] as const) {
        if (read[type].limit - read[type].usage < 3)
          ctx.skip(`project ${j}: less than 3 ${type} of room below the allocation`);
      }
    }
    const u = (j: number, type: LimitType, plus: number) => start[j]!.usage[type] + plus;
    const actions: Action[] = [
      { kind: 'set', project: 0, items: [{ limit_type: 'document', limit: u(0, 'document', 1) }] },
      { kind: 'set', project: 0, items: [{ limit_type: 'document', limit: u(0, 'document', 2) }] },
      {
        kind: 'set',
        project: 0,
        items: [
          { limit_type: 'document', limit: u(0, 'document', 3) },
          { limit_type: 'webpages', limit: u(0, 'webpages', 1) },
        ],
      },
      // Refused in every order: above the allocation; and nothing of it applies.
      {
        kind: 'set',
        project: 0,
        items: [
          { limit_type: 'webpages', limit: u(0, 'webpages', 2) },
          { limit_type: 'credits', limit: allocations[0]!.credits + 1 },
        ],
      },
      { kind: 'remove', project: 0, type: 'document' },
      { kind: 'remove', project: 0, type: 'webpages' },
      { kind: 'get', project: 0 },
    ];
    if (t.uids.length > 1) {
      actions.push(
        { kind: 'set', project: 1, items: [{ limit_type: 'webpages', limit: u(1, 'webpages', 2) }] },
        { kind: 'remove', project: 1, type: 'webpages' },
        { kind: 'set', project: 1, items: [{ limit_type: 'document', limit: u(1, 'document', 1) }] },
        { kind: 'get', project: 1 },
      );
    }
    await expectSerializable(
      t,
      { plan: 'current', projects: start },
      actions,
      (_plan, j) => allocations[j]!,
      // The allocation is read from a project with no limit set, and the refused set must change nothing.
      ['CONC-USAGE-LIMITS-SERIALIZABLE', 'USAGE-LIMIT-ATOMIC', 'USAGE-LIMIT-UNSET-IS-ALLOCATION'],
      ['USAGE-LIMIT-ABOVE-PLAN-STATUS'],
    );
  });

  it('with usage growing and the plan raised in the same burst: refusals (below usage, above the allocation) are those of one serial order [CONC-USAGE-LIMITS-SERIALIZABLE, USAGE-LIMIT-NOT-BELOW-USAGE, USAGE-LIMIT-NOT-ABOVE-PLAN, USAGE-LIMIT-BOUNDS-INCLUSIVE, USAGE-LIMIT-BELOW-USAGE-STATUS, USAGE-LIMIT-ABOVE-PLAN-STATUS]', async (ctx) => {
    // The burst changes the plan and adds documents while limits change: only the control API does that at once.
    need(ctx, target(), { control: 'a burst of state changes', writes: true });
    // The allocation of each plan, as the target reports it for a project with no limit set.
    const allocationOf = async (plan: 'advanced' | 'agency'): Promise<Allocation> => {
      const org = await enterState(ctx, target(), 'organization', { plan });
      const read = await getLimits({ uids: [org.project_uid], auth: { bearer: org.owner_token } }, 0);
      return { document: read.document.limit, webpages: read.webpages.limit, credits: read.credits.limit };
    };
    const table: Record<string, Allocation> = {
      advanced: await allocationOf('advanced'),
      agency: await allocationOf('agency'),
    };
    const adv = table.advanced!.document;
    if (table.agency!.document <= adv + 10) ctx.skip('agency allocates no more documents than advanced');

    const t = await subjects(ctx);
    for (let i = 0; i < 2; i += 1) await burst(t, [{ kind: 'add-document', project: 0 }]);
    const usage = await Promise.all(t.uids.map((_, j) => getLimits(t, j)));
    const start = usage.map((r) =>
      noLimits({ document: r.document.usage, webpages: r.webpages.usage, credits: r.credits.usage }),
    );
    // What document usage counts is the fake's choice: the reference counts each file document as one.
    assumed('USAGE-LIMIT-USAGE-COUNTS', () => expect(start[0]!.usage.document).toBe(2));
    // Issued with the usage and plan changes first, so that the order the target happens to run them in refuses
    // some sets (below the new usage) and accepts others (above the old allocation).
    const actions: Action[] = [
      { kind: 'add-document', project: 0 },
      { kind: 'add-document', project: 0 },
      { kind: 'plan', plan: 'agency' },
      { kind: 'set', project: 0, items: [{ limit_type: 'document', limit: 2 }] },
      { kind: 'set', project: 0, items: [{ limit_type: 'document', limit: 3 }] },
      { kind: 'remove', project: 0, type: 'document' },
      { kind: 'set', project: 0, items: [{ limit_type: 'document', limit: adv + 10 }] },
      { kind: 'set', project: 1, items: [{ limit_type: 'document', limit: adv + 5 }] },
      { kind: 'get', project: 0 },
      { kind: 'get', project: 1 },
    ];
    await expectSerializable(
      t,
      { plan: 'advanced', projects: start },
      actions,
      (plan) => table[plan]!,
      ['CONC-USAGE-LIMITS-SERIALIZABLE', 'USAGE-LIMIT-USAGE-COUNTS', 'USAGE-LIMIT-UNSET-IS-ALLOCATION'],
      ['USAGE-LIMIT-BELOW-USAGE-STATUS', 'USAGE-LIMIT-ABOVE-PLAN-STATUS'],
    );
  });
});
