/**
 * The commands of the settings model (settings.model.test.ts) run against the target and checked against the
 * reference (settings-reference.ts) in two strengths (HARNESS-TWO-STRENGTHS): each answer on its class hard when the
 * spec's own rules decide it, else under the assumed clauses it rests on; the fake's exact status and message on top,
 * under MODEL-SETTINGS and the refusal's own clause. A read compares hard only while every step that led to it was
 * documented. Reading the saved settings needs the fake's control view (the public API has no read of them).
 */
import type fc from 'fast-check';
import { expect, type TestContext } from 'vitest';
import type { ProjectUsageLimit } from '../../contract/index.js';
import { decidedBy, type SpecOperationId } from '../support/access-model.js';
import { expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN } from '../support/messages.js';
import { removeLimit, reported, setLimits, used } from '../support/reference/usage-limits.js';
import { arranged, assumed, readable } from '../support/strength.js';
import { enterState } from '../support/use-target.js';
import type { Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';
import {
  type Caller,
  documentedMessage,
  GRANTS,
  INVALID_PARAMS,
  type Model,
  may,
  type Prediction,
  predictUpdate,
  updateClauses,
} from './settings-reference.js';

export interface Real {
  target: Target;
  /** The running test, for the provider states a command enters. */
  ctx: TestContext;
  organization_id: number;
  project_uid: string;
  tokens: Record<Caller, string>;
}

/**
 * Check `res` against the prediction: its class hard when the spec's own rules decide it (else under the clauses
 * it rests on), the fake's exact status and message under MODEL-SETTINGS and the refusal's clause. Answers the
 * success body when the answer is one.
 *
 * The class is bound (issue 39, "one defect, one red"): to the row and rule of the access table that decide the
 * caller (access-model.ts decidedBy) when the model or the target refused the caller, else to `clauses`, the rules of
 * what the request asked; and a wrong class stops the run there, the model no longer knowing the target's state.
 */
function expectPredicted(
  res: RawResponse,
  p: Prediction,
  op: SpecOperationId,
  caller: Caller,
  clauses: readonly string[],
) {
  const success = res.status >= 200 && res.status < 300;
  const fakes = p.message === undefined ? [] : typeof p.message === 'string' ? [p.message] : [...p.message];
  const got = (res.json as { message?: unknown } | undefined)?.message;
  const ofClass = () => {
    if (p.status === 200) {
      expectSuccess(res, op);
      return;
    }
    if (p.status === 403) {
      expectError(res, 403, FORBIDDEN);
      return;
    }
    expectRefused(res);
    // The message, where the spec quotes every message the prediction allows.
    const patterns = [...fakes, ...(p.alsoDocumented ?? [])].map(documentedMessage);
    if (!p.anyMessage && patterns.length > 0 && patterns.every((re) => re !== undefined))
      expect(
        patterns.some((re) => re!.test(String(got))),
        `message ${JSON.stringify(got)} is one the spec documents for this refusal`,
      ).toBe(true);
  };
  const refusedCaller = p.status === 403 || res.status === 401 || res.status === 403;
  const bound = refusedCaller ? decidedBy(op, GRANTS[caller], 'owner') : clauses;
  if (p.grounds.length === 0) {
    if (bound.length > 0) readable(bound, ofClass);
    else ofClass();
  }
  for (const id of p.grounds) assumed(id, ofClass);
  // The fake's exact answer.
  assumed('MODEL-SETTINGS', () => {
    expect(res.status, `status; body: ${res.text.slice(0, 200)}`).toBe(p.status);
    if (p.status !== 200) expect(fakes).toContain(got);
  });
  if (p.status !== 200 && p.status !== 403 && typeof got === 'string' && fakes.includes(got))
    assumed('MODEL-SETTINGS', () => expectError(res, p.status, got));
  return success ? (res.json as { data?: unknown; message: string }) : undefined;
}

/**
 * The documented rule a setProjectUsageLimit answer rests on: the bound that refuses it (above the plan, below the
 * usage), else the body's rule.
 */
function setClauses(o: ReturnType<typeof setLimits>): string[] {
  if (o.ok) return ['USAGE-LIMIT-SET-BODY'];
  if (o.messages.some((m) => /exceeds the plan allocation$/.test(m))) return ['USAGE-LIMIT-NOT-ABOVE-PLAN'];
  if (o.messages.some((m) => /cannot be below current usage$/.test(m)))
    return ['USAGE-LIMIT-NOT-BELOW-USAGE'];
  return ['USAGE-LIMIT-SET-BODY'];
}

/** Compare a read with the model: hard while the state rests on documented steps only. */
function expectState(grounds: ReadonlySet<string>, check: () => void): void {
  if (grounds.size === 0) check();
  for (const id of grounds) assumed(id, check);
  assumed('MODEL-SETTINGS', check);
}

/** A message-only success has no `data` (the fake's choice, CONV-NO-EXTRA-FIELDS: the spec requires none). */
const expectMessageOnly = (body: { data?: unknown } | undefined) => {
  if (body) assumed('CONV-NO-EXTRA-FIELDS', () => expect(body.data, 'message only').toBeUndefined());
};

/** What a step adds to the grounds of the state it leaves: what its prediction rests on. */
function restOn(grounds: Set<string>, p: Prediction, refusedWithFields: boolean, atomic: string): void {
  // A forbidden request changes nothing whichever check answers first.
  if (p.status === 403) return;
  for (const id of p.grounds) grounds.add(id);
  // A refused request must change nothing, not even its valid parts: the fake's choice.
  if (p.status !== 200 && p.status !== 403 && refusedWithFields) grounds.add(atomic);
}

export const call = (r: Real, op: string, caller: Caller, body: Record<string, unknown>) =>
  r.target.call(op, { auth: { bearer: r.tokens[caller] }, body: { project_uid: r.project_uid, ...body } });

export class UpdateSettings implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly caller: Caller,
    readonly patch: Record<string, unknown>,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const p = predictUpdate(m, this.caller, this.patch);
    const body = expectPredicted(
      await call(r, 'updateProjectSettings', this.caller, this.patch),
      p,
      'updateProjectSettings',
      this.caller,
      updateClauses(this.patch),
    );
    expectMessageOnly(body);
    restOn(m.settingsGrounds, p, Object.keys(this.patch).length > 1, 'SET-ATOMIC');
    if (p.status === 200 && p.next?.settings) m.settings = p.next.settings;
  }
  toString = () => `update(${this.caller}, ${JSON.stringify(this.patch).slice(0, 120)})`;
}

export class ReadSettings implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const project = await r.target.control!.project(r.project_uid);
    expectState(m.settingsGrounds, () => expect(project.settings).toEqual(m.settings));
  }
  toString = () => 'readSettings';
}

export class SetLimits implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly caller: Caller,
    readonly items: unknown[],
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const o = setLimits(m.limits, m.allocation, this.items);
    // Whether it is accepted rests on what the limits rest on (the allocation read from an unset project, the
    // usage the documents make), unless the body alone refuses it.
    const stateGrounds = [...m.limitsGrounds];
    let p: Prediction;
    if (!may('setProjectUsageLimit', this.caller))
      p = { status: 403, message: FORBIDDEN, grounds: o.ok ? [] : ['AUTH-CHECK-ORDER'] };
    else if (o.ok) p = { status: 200, grounds: stateGrounds, next: { limits: o.next } };
    else
      p = {
        status: o.status,
        message: o.messages,
        ...(o.messages.includes(INVALID_PARAMS) && !o.documented ? { anyMessage: true as const } : {}),
        grounds: o.messages.includes(INVALID_PARAMS) ? o.grounds : [...o.grounds, ...stateGrounds],
      };
    const body = expectPredicted(
      await call(r, 'setProjectUsageLimit', this.caller, { limits: this.items }),
      p,
      'setProjectUsageLimit',
      this.caller,
      setClauses(o),
    );
    expectMessageOnly(body);
    restOn(m.limitsGrounds, p, this.items.length > 1, 'USAGE-LIMIT-ATOMIC');
    if (p.status === 200 && p.next?.limits) m.limits = p.next.limits;
  }
  toString = () => `setLimits(${this.caller}, ${JSON.stringify(this.items)})`;
}

export class RemoveLimit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly caller: Caller,
    readonly type: string,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const o = removeLimit(m.limits, this.type);
    let p: Prediction;
    if (!may('removeProjectUsageLimit', this.caller))
      p = { status: 403, message: FORBIDDEN, grounds: o.ok ? [] : ['AUTH-CHECK-ORDER'] };
    else if (o.ok)
      // Removing a limit that is not set succeeds: the fake's choice.
      p = {
        status: 200,
        grounds:
          (m.limits.own as Record<string, unknown>)[this.type] === undefined
            ? ['USAGE-LIMIT-REMOVE-IDEMPOTENT']
            : [],
        next: { limits: o.next },
      };
    else
      p = {
        status: o.status,
        message: o.messages,
        grounds: o.grounds,
      };
    const res = await call(r, 'removeProjectUsageLimit', this.caller, { limit_type: this.type });
    expectPredicted(res, p, 'removeProjectUsageLimit', this.caller, ['USAGE-LIMIT-REMOVE-BODY']);
    restOn(m.limitsGrounds, p, false, 'USAGE-LIMIT-ATOMIC');
    if (p.status === 200 && p.next?.limits) m.limits = p.next.limits;
  }
  toString = () => `removeLimit(${this.caller}, ${this.type})`;
}

export class GetLimits implements fc.AsyncCommand<Model, Real> {
  constructor(readonly caller: Caller) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const p: Prediction = may('getProjectUsageLimit', this.caller)
      ? { status: 200, grounds: [] }
      : { status: 403, message: FORBIDDEN, grounds: [] };
    const body = expectPredicted(
      await call(r, 'getProjectUsageLimit', this.caller, {}),
      p,
      'getProjectUsageLimit',
      this.caller,
      ['USAGE-LIMIT-GET-SHAPE'],
    );
    if (body) {
      const data = body.data as ProjectUsageLimit;
      const expected = reported(m.limits, m.allocation);
      // The documented fields, and (the fake's choice) no others.
      expectState(m.limitsGrounds, () => expect(data).toMatchObject(expected));
      assumed('CONV-NO-EXTRA-FIELDS', () => expect(data).toEqual(expected));
    }
  }
  toString = () => `getLimits(${this.caller})`;
}

/** A document added to the knowledgebase (provider state `knowledgebase documents`): usage grows. */
export class AddDocument implements fc.AsyncCommand<Model, Real> {
  constructor(readonly kind: 'file' | 'webpage') {}
  check = () => true;
  async run(m: Model, r: Real) {
    const made = await enterState(r.ctx, r.target, 'knowledgebase documents', {
      organization_id: r.organization_id,
      project_uid: r.project_uid,
      documents: [
        {
          title: `Model ${this.kind}`,
          kind: this.kind,
          url: this.kind === 'webpage' ? 'https://example.com/model-page' : '',
          text: 'A document that only counts as usage.',
        },
      ],
    });
    arranged(r.ctx, made.doc_ids.length === 1, 'the provider state did not add the document');
    m.limits = used(m.limits, this.kind === 'file' ? 'document' : 'webpages');
    // What usage counts is the fake's choice (a file document is one `document`, a webpage one `webpages`).
    m.limitsGrounds.add('USAGE-LIMIT-USAGE-COUNTS');
  }
  toString = () => `addDocument(${this.kind})`;
}
