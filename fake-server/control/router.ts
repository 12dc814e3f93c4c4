/**
 * The control API: only the fake has it. Reset and seed, the clock, organizations, members, projects,
 * documents, tokens and their lifecycle, plans (with the Enterprise RAG cap) and credits, scripted replies of
 * the fake model, the outbox, the journal and the rate-limit counters.
 * Every route needs the admin secret in `x-control-secret`.
 */
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { z } from 'zod';
import { checkControlScope } from '../admin/control-scope.js';
import { sameSecret } from '../admin/secret.js';
import { DAY_MS, HOUR_MS, iso, MINUTE_MS } from '../domain/clock.js';
import { errors } from '../domain/errors.js';
import { addDocument, removeDocument } from '../domain/knowledgebase.js';
import { addMember, changeMemberRole, removeMember } from '../domain/members.js';
import { removeModel, upsertModel } from '../domain/models.js';
import { setOrganizationCredits, setOrganizationPlan } from '../domain/organization-plan.js';
import { createOrganization, createUser, findOrganization } from '../domain/organizations.js';
import { createProjectKey } from '../domain/project-keys.js';
import { addProjectMember, createProject, projectOfUid, removeProjectMember } from '../domain/projects.js';
import { ragCapPerHour } from '../domain/rag-completion.js';
import { clearReplies, queueReplies, scriptedReplies } from '../domain/rag-script.js';
import { applyLifecycle, createToken, findToken, type LifecycleAction } from '../domain/tokens.js';
import { readBody } from '../http/body.js';
import { sendSuccess } from '../http/envelope.js';
import { parseWith } from '../http/validate.js';
import type { Runtime } from '../runtime.js';
import { registerBulkSeed } from './bulk-seed.js';
import { registerConsistencyRoutes } from './consistency-routes.js';
import { registerFaultRoutes } from './faults-routes.js';
import { intParam } from './params.js';
import { rateLimitsView } from './rate-limits-view.js';
import * as S from './schemas.js';
import { registerSharedFakeRoutes } from './shared-fake-routes.js';
import { registerStateRoutes } from './state-routes.js';
import { projectControlView, tokenView } from './views.js';

export interface ControlOptions {
  prefix: string;
  secret: string;
  /** The fake's own target config, for GET /target (answered as it is, a target file). */
  describe: () => unknown;
}

async function body<T extends z.ZodType>(ctx: Context, schema: T): Promise<z.infer<T>> {
  return parseWith(schema, await readBody(ctx, 'json'));
}

export function controlRouter(runtime: Runtime, opts: ControlOptions): Router {
  // Case-sensitive like the secret check below: /_CONTROL/… must not reach a route without the secret.
  const r = new Router({ prefix: opts.prefix, sensitive: true });
  const d = () => runtime.domain;
  const ok = (ctx: Context, message: string, data?: unknown) =>
    sendSuccess(ctx, { message, ...(data !== undefined ? { data } : {}) });

  r.use(async (ctx: Context, next: Next) => {
    const given = ctx.get('x-control-secret') || undefined;
    if (sameSecret(given, opts.secret)) return next();
    // A secret scoped to one organization (FAKE-CONTROL-SCOPED-SECRET) acts on that organization only.
    const organizationId = given === undefined ? undefined : runtime.orgSecrets.organizationOf(given);
    if (organizationId === undefined) throw errors.controlSecret();
    await checkControlScope(d(), ctx, ctx.path.slice(opts.prefix.length), organizationId);
    await next();
  });

  r.post('/reset', async (ctx) => {
    const b = await body(ctx, S.ResetBody);
    runtime.reset({
      ...(b.seed !== undefined ? { seed: b.seed } : {}),
      ...(b.fixtures !== undefined ? { fixtures: b.fixtures } : {}),
      ...(b.clock !== undefined ? { clockStart: Date.parse(b.clock) } : {}),
      ...(b.clock_mode !== undefined ? { ticking: b.clock_mode === 'ticking' } : {}),
      ...(b.rate_window !== undefined
        ? { rateWindow: { ...runtime.options.rateWindow, ...b.rate_window } }
        : {}),
    });
    ok(ctx, 'Reset', opts.describe());
  });
  // The target config itself, not in the envelope: `curl -s $C/target > my-target.json` saves a target file as it
  // is (FAKE-CONTROL-TARGET); a refusal (a wrong or scoped secret) is still the envelope.
  r.get('/target', (ctx) => {
    ctx.set('cache-control', 'no-store');
    ctx.body = opts.describe();
  });

  r.get('/clock', (ctx) => ok(ctx, 'Clock', { now: iso(d().clock.now()) }));
  r.post('/clock/advance', async (ctx) => {
    const b = await body(ctx, S.AdvanceBody);
    const ms =
      (b.ms ?? 0) +
      (b.seconds ?? 0) * 1000 +
      (b.minutes ?? 0) * MINUTE_MS +
      (b.hours ?? 0) * HOUR_MS +
      (b.days ?? 0) * DAY_MS;
    ok(ctx, 'Clock advanced', { now: iso(d().clock.advance(ms)) });
  });
  r.post('/clock/set', async (ctx) => {
    const b = await body(ctx, S.SetClockBody);
    const target = Date.parse(b.now);
    if (target < d().clock.now()) throw errors.clockBackwards();
    ok(ctx, 'Clock set', { now: iso(d().clock.set(target)) });
  });

  r.post('/users', async (ctx) => ok(ctx, 'User created', createUser(d(), await body(ctx, S.UserBody))));
  r.post('/organizations', async (ctx) => {
    const b = await body(ctx, S.OrganizationBody);
    const owner = createUser(d(), b.owner);
    const org = createOrganization(d(), {
      name: b.name,
      owner_user_id: owner.id,
      plan: b.plan,
      credits: b.credits,
    });
    ok(ctx, 'Organization created', {
      ...org,
      createdAt: iso(org.createdAt),
      updatedAt: iso(org.updatedAt),
      owner,
      // The job that made it may act on it, and on nothing else, with this (FAKE-CONTROL-SCOPED-SECRET).
      control_secret: runtime.orgSecrets.issue(org.id),
    });
  });
  r.get('/organizations/:id', (ctx) => {
    const org = findOrganization(d(), intParam(ctx.params.id));
    ok(ctx, 'Organization', { ...org, createdAt: iso(org.createdAt), updatedAt: iso(org.updatedAt) });
  });
  r.post('/organizations/:id/plan', async (ctx) => {
    const org = findOrganization(d(), intParam(ctx.params.id));
    const b = await body(ctx, S.PlanBody);
    setOrganizationPlan(d(), org, b.plan, b.rag_cap_per_hour);
    ok(ctx, 'Plan set', { id: org.id, plan: org.plan, rag_cap_per_hour: ragCapPerHour(org) ?? null });
  });
  r.post('/organizations/:id/credits', async (ctx) => {
    const org = findOrganization(d(), intParam(ctx.params.id));
    setOrganizationCredits(d(), org, (await body(ctx, S.CreditsBody)).credits);
    ok(ctx, 'Credits set', { id: org.id, credits: org.credits });
  });
  r.post('/organizations/:id/members', async (ctx) => {
    const b = await body(ctx, S.MemberBody);
    ok(ctx, 'Member added', addMember(d(), intParam(ctx.params.id), b.user_id, b.role));
  });
  r.post('/organizations/:id/members/:userId/role', async (ctx) => {
    const b = await body(ctx, S.RoleBody);
    ok(
      ctx,
      'Role changed',
      changeMemberRole(d(), intParam(ctx.params.id), intParam(ctx.params.userId), b.role),
    );
  });
  r.delete('/organizations/:id/members/:userId', (ctx) => {
    removeMember(d(), intParam(ctx.params.id), intParam(ctx.params.userId));
    ok(ctx, 'Member removed');
  });

  r.post('/projects', async (ctx) => {
    const b = await body(ctx, S.ProjectBody);
    const project = createProject(d(), {
      organization_id: b.organization_id,
      name: b.name,
      ...(b.purpose !== undefined ? { purpose: b.purpose } : {}),
      ...(b.members !== undefined ? { members: b.members } : {}),
    });
    ok(ctx, 'Project created', projectControlView(d(), project));
  });
  r.get('/projects/:uid', (ctx) =>
    ok(ctx, 'Project', projectControlView(d(), projectOfUid(d(), ctx.params.uid!))),
  );
  r.post('/projects/:uid/members', async (ctx) => {
    const project = projectOfUid(d(), ctx.params.uid!);
    const b = await body(ctx, S.ProjectMemberBody);
    addProjectMember(d(), project, b.user_id, b.role);
    ok(ctx, 'Project member added', projectControlView(d(), project));
  });
  r.delete('/projects/:uid/members/:userId', (ctx) => {
    const project = projectOfUid(d(), ctx.params.uid!);
    removeProjectMember(d(), project, intParam(ctx.params.userId));
    ok(ctx, 'Project member removed', projectControlView(d(), project));
  });
  r.post('/projects/:uid/keys', (ctx) => {
    ok(ctx, 'Project key created', {
      value: createProjectKey(d(), projectOfUid(d(), ctx.params.uid!)).value,
    });
  });
  r.post('/projects/:uid/documents', async (ctx) => {
    const project = projectOfUid(d(), ctx.params.uid!);
    addDocument(d(), project, await body(ctx, S.DocumentBody));
    ok(ctx, 'Document added', projectControlView(d(), project).documents);
  });
  r.delete('/projects/:uid/documents/:docId', (ctx) => {
    if (!removeDocument(d(), projectOfUid(d(), ctx.params.uid!), ctx.params.docId!)) {
      throw errors.documentNotFound();
    }
    ok(ctx, 'Document removed');
  });

  r.get('/projects/:uid/rag/replies', (ctx) =>
    ok(ctx, 'Scripted replies', scriptedReplies(d(), projectOfUid(d(), ctx.params.uid!))),
  );
  r.post('/projects/:uid/rag/replies', async (ctx) => {
    const project = projectOfUid(d(), ctx.params.uid!);
    const b = await body(ctx, S.ScriptRepliesBody);
    ok(ctx, 'Scripted replies queued', queueReplies(d(), project, b.replies));
  });
  r.delete('/projects/:uid/rag/replies', (ctx) =>
    ok(ctx, 'Scripted replies cleared', {
      cleared: clearReplies(d(), projectOfUid(d(), ctx.params.uid!)),
    }),
  );

  r.post('/tokens', async (ctx) => {
    const b = await body(ctx, S.TokenBody);
    const token = createToken(d(), {
      organization_id: b.organization_id,
      creator_user_id: b.creator_user_id,
      name: b.name,
      role: b.role ?? null,
      permissions: b.permissions ?? [],
      scope_type: b.scope_type ?? 'all',
      project_ids: (b.project_uids ?? []).map((uid) => projectOfUid(d(), uid).id),
      expiration: b.expiration ?? 'none',
      ...(b.expires_at !== undefined ? { expires_at: Date.parse(b.expires_at) } : {}),
    });
    ok(ctx, 'Token created', tokenView(d(), token));
  });
  r.get('/tokens', (ctx) =>
    ok(
      ctx,
      'Tokens',
      [...d().state.tokens.values()].map((t) => tokenView(d(), t)),
    ),
  );
  r.get('/tokens/:id', (ctx) => ok(ctx, 'Token', tokenView(d(), findToken(d(), intParam(ctx.params.id)))));
  for (const action of ['deactivate', 'reactivate', 'regenerate', 'revoke'] as LifecycleAction[]) {
    r.post(`/tokens/:id/${action}`, (ctx) =>
      ok(ctx, `Token ${action}d`, tokenView(d(), applyLifecycle(d(), intParam(ctx.params.id), action))),
    );
  }

  r.post('/messages/:id/rate', async (ctx) => {
    const message = d().state.messages.get(intParam(ctx.params.id));
    if (message?.send_by !== 'assistant') throw errors.assistantMessageNotFound();
    message.rate = (await body(ctx, S.RateBody)).rate;
    ok(ctx, 'Feedback set', { id: message.id, rate: message.rate });
  });
  r.get('/models', (ctx) => ok(ctx, 'Supported models', d().state.models));
  r.post('/models', async (ctx) => {
    upsertModel(d(), await body(ctx, S.ModelBody));
    ok(ctx, 'Model saved', d().state.models);
  });
  r.delete('/models/:value', (ctx) => {
    if (!removeModel(d(), ctx.params.value!)) throw errors.modelNotFound();
    ok(ctx, 'Model removed', d().state.models);
  });

  r.get('/outbox', (ctx) => ok(ctx, 'Outbox', d().state.outbox));
  r.get('/journal', (ctx) => ok(ctx, 'Journal', runtime.journal.entries()));
  r.delete('/journal', (ctx) => {
    runtime.journal.clear();
    ok(ctx, 'Journal cleared');
  });
  r.get('/rate-limits', (ctx) => ok(ctx, 'Rate limits', rateLimitsView(runtime)));
  r.post('/rate-limits/reset', (ctx) => {
    d().limiter.reset();
    ok(ctx, 'Rate limit counters reset', rateLimitsView(runtime));
  });
  r.post('/rate-limits/window', async (ctx) => {
    d().limiter.setWindow(await body(ctx, S.WindowBody));
    ok(ctx, 'Rate limit window set', rateLimitsView(runtime));
  });
  registerBulkSeed(r, runtime);
  registerFaultRoutes(r, runtime);
  registerStateRoutes(r, runtime, opts.describe);
  registerConsistencyRoutes(r, runtime);
  registerSharedFakeRoutes(r, runtime);
  return r;
}
