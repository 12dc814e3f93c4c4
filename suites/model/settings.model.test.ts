/**
 * Model-based test of a project's AI settings and usage limits: random sequences of updateProjectSettings (valid
 * and invalid values, tokens of every role and a fine-grained Setting Write token), setProjectUsageLimit,
 * removeProjectUsageLimit, getProjectUsageLimit, documents added (usage) and reads of the saved settings, run
 * against the target and compared, command by command, with a small reference model:
 * - the settings are a plain object; a field's value is valid or not by the spec's rule for it (Resources/Project
 *   AI settings, ranges from contract/limits.ts), the model by the supported list read once from the target;
 * - the limits follow support/reference/usage-limits.ts;
 * - who may do what is the spec's access table (support/access-model.ts), checked first (AUTH-CHECK-ORDER).
 * Each run uses a new organization and project, so the model starts from what a new project reports.
 *
 * Two strengths (HARNESS-TWO-STRENGTHS): each prediction is checked on its class (accepted; refused in the error
 * envelope, with the documented message where the spec quotes one; the values read back) hard when the spec's own
 * rules decide it, else under the assumed clauses it rests on (`grounds`); the fake's exact status and message on
 * top, under MODEL-SETTINGS and the refusal's own clause. What the model's state rests on accumulates the same way:
 * a read compares hard only while every step that led to it was documented.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aiModes,
  type Permission,
  type ProjectUsageLimit,
  settingsRanges,
  type TokenRole,
} from '../../contract/index.js';
import { permits, type SpecOperationId } from '../support/access-model.js';
import {
  fractionInsideArb,
  intInsideArb,
  intOutsideArb,
  numberInsideArb,
  numberOutsideArb,
  numericStringArb,
  wrongTypeArb,
} from '../support/arbitraries/ranges.js';
import { expectError, expectRefused, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN } from '../support/messages.js';
import { supportedModels } from '../support/models.js';
import {
  type Allocation,
  INVALID_PARAMS_DOCUMENTED,
  noLimits,
  type ProjectLimits,
  REMOVABLE_TYPES,
  removeLimit,
  reported,
  setLimits,
  used,
} from '../support/reference/usage-limits.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import { createOrganizationVia, createProjectVia, orgTokenVia, unique } from '../support/world.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();

const INVALID_PARAMS = 'Invalid params';
const invalidModel = (model: string) => `Invalid model '${model}'. Model not found in available models list.`;

// ---------------------------------------------------------------------------------------------------------------
// The reference model

type Caller = 'owner' | 'editor' | 'viewer' | 'settingsWriter';
const GRANTS: Record<Caller, { role: TokenRole | null; permissions: Permission[] }> = {
  owner: { role: 'owner', permissions: [] },
  editor: { role: 'editor', permissions: [] },
  viewer: { role: 'viewer', permissions: [] },
  settingsWriter: { role: null, permissions: [{ module: 'Setting', action: 'Write' }] },
};
const CALLERS = Object.keys(GRANTS) as Caller[];

/** The token creator is the organization's owner: the table decides alone. */
const may = (op: SpecOperationId, caller: Caller) => permits(op, GRANTS[caller], 'owner');

type Field =
  | 'prompt'
  | 'restriction'
  | 'model'
  | 'temperature'
  | 'mode'
  | 'chat_history_count'
  | 'max_nodes'
  | 'add_page_link'
  | 'auto_close_duration'
  | 'auto_resolve_duration';

const INT_FIELDS = [
  'chat_history_count',
  'max_nodes',
  'add_page_link',
  'auto_close_duration',
  'auto_resolve_duration',
] as const;

/** Whether `value` is one the field accepts, by the spec's rule for the field (the model's list aside). */
function validValue(field: Field, value: unknown): boolean {
  switch (field) {
    case 'prompt':
    case 'restriction':
      return typeof value === 'string' && value.length <= 100_000;
    case 'model':
      return typeof value === 'string' && value.length >= 1 && value.length <= 200;
    case 'mode':
      return (aiModes as readonly unknown[]).includes(value);
    case 'temperature': {
      const r = settingsRanges.temperature;
      return typeof value === 'number' && value >= r.min && value <= r.max;
    }
    default: {
      const r = settingsRanges[field];
      return typeof value === 'number' && Number.isInteger(value) && value >= r.min && value <= r.max;
    }
  }
}

/**
 * Why `value` is refused for `field`: undefined when it is accepted, [] when the spec's rule for the field refuses
 * it outright (wrong type, out of range, outside the enum), else the assumed clauses that do.
 */
function refusalGrounds(field: Field, value: unknown): string[] | undefined {
  if (validValue(field, value)) return undefined;
  if (value === null) return ['ERR-JSON-NO-COERCION'];
  const numeric = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value);
  switch (field) {
    case 'prompt':
    case 'restriction':
      if (typeof value === 'string') return ['SET-TEXT-MAX-LENGTH'];
      return typeof value === 'number' ? ['ERR-JSON-NO-COERCION'] : [];
    case 'model':
      return typeof value === 'number' ? ['ERR-JSON-NO-COERCION'] : [];
    case 'mode':
      return [];
    case 'temperature':
      return numeric ? ['ERR-JSON-NO-COERCION'] : [];
    default: {
      const r = settingsRanges[field];
      if (typeof value === 'number' && !Number.isInteger(value) && value >= r.min && value <= r.max)
        return ['SET-INTEGER-FIELDS-STRICT'];
      return numeric ? ['ERR-JSON-NO-COERCION', 'SET-INTEGER-FIELDS-STRICT'] : [];
    }
  }
}

interface Model {
  settings: Record<string, unknown>;
  limits: ProjectLimits;
  readonly allocation: Allocation;
  readonly models: readonly string[];
  /** The assumed clauses the model's saved settings rest on (what every step that led to them rested on). */
  settingsGrounds: Set<string>;
  /** The same for the limits. */
  limitsGrounds: Set<string>;
}

/** The answer the model expects: 200 (and the model after it), or an error status and its message(s). */
interface Prediction {
  status: number;
  message?: string | readonly string[];
  /** Alternatives the spec allows beside the fake's message (documented messages only). */
  alsoDocumented?: readonly string[];
  /** The spec quotes no message for this refusal, whatever the fake's message is (a negative limit). */
  anyMessage?: true;
  /** The assumed clauses the predicted class rests on; empty when the spec's own rules decide it. */
  grounds: readonly string[];
  next?: Partial<Model>;
}

function predictUpdate(m: Model, caller: Caller, patch: Record<string, unknown>): Prediction {
  const entries = Object.entries(patch) as [Field, unknown][];
  const faults = entries.map(([f, v]) => refusalGrounds(f, v)).filter((g): g is string[] => g !== undefined);
  const unknownModel =
    validValue('model', patch.model) && !m.models.includes(patch.model as string)
      ? [invalidModel(patch.model as string)]
      : [];
  const refused = faults.length > 0 || unknownModel.length > 0;
  const bodyGrounds =
    unknownModel.length > 0 || faults.some((g) => g.length === 0) ? [] : [...new Set(faults.flat())];
  if (!may('updateProjectSettings', caller))
    // Forbidden and a bad body: which answers first is the fake's order (AUTH-CHECK-ORDER).
    return { status: 403, message: FORBIDDEN, grounds: refused ? ['AUTH-CHECK-ORDER'] : [] };
  // A model that is not in the list (an empty one included) may be named by the documented invalid-model message.
  const namedModel =
    typeof patch.model === 'string' && !m.models.includes(patch.model) ? [invalidModel(patch.model)] : [];
  // Which of two faults answers is not shown: a bad value and an unknown model may each be named.
  if (faults.length > 0)
    return {
      status: 400,
      message: [INVALID_PARAMS, ...unknownModel],
      alsoDocumented: namedModel,
      grounds: bodyGrounds,
    };
  if (unknownModel.length > 0) return { status: 400, message: unknownModel[0]!, grounds: [] };
  // Nothing to change: that it succeeds is the fake's choice.
  const grounds = entries.length === 0 ? ['SET-NO-FIELDS'] : [];
  return { status: 200, grounds, next: { settings: { ...m.settings, ...patch } } };
}

/** The documented part of a message the model predicts: a pattern where the spec quotes the message. */
function documentedMessage(message: string): RegExp | undefined {
  if (message === INVALID_PARAMS) return INVALID_PARAMS_DOCUMENTED;
  if (message === FORBIDDEN) return new RegExp(`^${FORBIDDEN}$`);
  if (/^Invalid model '.*'\. Model not found in available models list\.$/s.test(message))
    return new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 's');
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// The real system

interface Real {
  project_uid: string;
  tokens: Record<Caller, string>;
}

/**
 * Check `res` against the prediction: its class hard when the spec's own rules decide it (else under the clauses
 * it rests on), the fake's exact status and message under MODEL-SETTINGS and the refusal's clause. Answers the
 * success body when the answer is one.
 */
function expectPredicted(res: RawResponse, p: Prediction, op: string) {
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
  if (p.grounds.length === 0) ofClass();
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

const call = (r: Real, op: string, caller: Caller, body: Record<string, unknown>) =>
  target().call(op, { auth: { bearer: r.tokens[caller] }, body: { project_uid: r.project_uid, ...body } });

class UpdateSettings implements fc.AsyncCommand<Model, Real> {
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
    );
    expectMessageOnly(body);
    restOn(m.settingsGrounds, p, Object.keys(this.patch).length > 1, 'SET-ATOMIC');
    if (p.status === 200 && p.next?.settings) m.settings = p.next.settings;
  }
  toString = () => `update(${this.caller}, ${JSON.stringify(this.patch).slice(0, 120)})`;
}

class ReadSettings implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const project = await target().control!.get<{ settings: Record<string, unknown> }>(
      `/projects/${r.project_uid}`,
    );
    expectState(m.settingsGrounds, () => expect(project.settings).toEqual(m.settings));
  }
  toString = () => 'readSettings';
}

class SetLimits implements fc.AsyncCommand<Model, Real> {
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
    );
    expectMessageOnly(body);
    restOn(m.limitsGrounds, p, this.items.length > 1, 'USAGE-LIMIT-ATOMIC');
    if (p.status === 200 && p.next?.limits) m.limits = p.next.limits;
  }
  toString = () => `setLimits(${this.caller}, ${JSON.stringify(this.items)})`;
}

class RemoveLimit implements fc.AsyncCommand<Model, Real> {
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
    expectPredicted(res, p, 'removeProjectUsageLimit');
    restOn(m.limitsGrounds, p, false, 'USAGE-LIMIT-ATOMIC');
    if (p.status === 200 && p.next?.limits) m.limits = p.next.limits;
  }
  toString = () => `removeLimit(${this.caller}, ${this.type})`;
}

class GetLimits implements fc.AsyncCommand<Model, Real> {
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

let docs = 0;
class AddDocument implements fc.AsyncCommand<Model, Real> {
  constructor(readonly kind: 'file' | 'webpage') {}
  check = () => true;
  async run(m: Model, r: Real) {
    docs += 1;
    await target().control!.post(`/projects/${r.project_uid}/documents`, {
      docId: `model-doc-${docs}`,
      title: `Model document ${docs}`,
      kind: this.kind,
      url: this.kind === 'webpage' ? `https://example.com/model-${docs}` : '',
      text: 'A document that only counts as usage.',
    });
    m.limits = used(m.limits, this.kind === 'file' ? 'document' : 'webpages');
    // What usage counts is the fake's choice (a file document is one `document`, a webpage one `webpages`).
    m.limitsGrounds.add('USAGE-LIMIT-USAGE-COUNTS');
  }
  toString = () => `addDocument(${this.kind})`;
}

// ---------------------------------------------------------------------------------------------------------------
// Arbitraries

/** The owner (who may do everything) half of the time. */
const callerArb = fc.oneof(fc.constant<Caller>('owner'), fc.constantFrom(...CALLERS));
/** -0 travels as 0 in JSON. */
const plain = (x: number) => x + 0;

/** Valid values three times as often as invalid ones, so that most patches get through and change something. */
const mostlyValid = (valid: fc.Arbitrary<unknown>, ...invalid: fc.Arbitrary<unknown>[]) =>
  fc.oneof({ arbitrary: valid, weight: 3 * invalid.length }, ...invalid);

function fieldValueArb(field: Field, models: readonly string[]): fc.Arbitrary<unknown> {
  switch (field) {
    case 'prompt':
    case 'restriction':
      return mostlyValid(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom('You are Ada, a helpful assistant.', 'Do not discuss pricing.', ''),
        ),
        fc.constantFrom(42, null, ['text'], { text: 'x' }),
      );
    case 'model':
      return mostlyValid(
        fc.constantFrom(...models),
        fc.constantFrom('gpt-nonexistent', 'claude-0-imaginary'),
        fc.constantFrom(7, null, ''),
      );
    case 'mode':
      return mostlyValid(fc.constantFrom(...aiModes), fc.constantFrom('AGENT', 'voice', '', 1));
    case 'temperature': {
      const r = settingsRanges.temperature;
      return mostlyValid(
        fc.oneof(fc.constantFrom(r.min, r.max), numberInsideArb(r).map(plain)),
        fc.oneof(fc.constantFrom(r.max + Number.EPSILON * 2), numberOutsideArb(r).map(plain)),
        wrongTypeArb,
      );
    }
    default: {
      const r = settingsRanges[field];
      return mostlyValid(
        intInsideArb(r),
        intOutsideArb(r),
        fractionInsideArb(r),
        numericStringArb(r),
        wrongTypeArb,
      );
    }
  }
}

const FIELDS: Field[] = ['prompt', 'restriction', 'model', 'temperature', 'mode', ...INT_FIELDS];

function commandArbs(models: readonly string[], allocation: Allocation) {
  const patchArb = fc
    .uniqueArray(fc.constantFrom(...FIELDS), { minLength: 0, maxLength: 3 })
    .chain((fields) =>
      fc
        .tuple(...fields.map((f) => fieldValueArb(f, models)))
        .map((values) => Object.fromEntries(fields.map((f, i) => [f, values[i]]))),
    );
  const edges = Object.values(allocation).flatMap((a) => [a - 1, a, a + 1]);
  // Mostly small limits (near the usage the documents make) and the allocation's edges; a few invalid ones.
  const limitArb = fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 3 }), weight: 6 },
    { arbitrary: fc.constantFrom(...edges), weight: 2 },
    { arbitrary: fc.constantFrom(-1, 2.5, '3', null), weight: 1 },
  );
  const itemArb = fc.record({
    limit_type: fc.oneof(
      { arbitrary: fc.constantFrom('document', 'webpages', 'credits'), weight: 4 },
      { arbitrary: fc.constantFrom('voice_credits', 'pages'), weight: 1 },
    ),
    limit: limitArb,
  });
  const itemsArb = fc.oneof(
    { arbitrary: fc.array(itemArb, { minLength: 1, maxLength: 2 }), weight: 9 },
    { arbitrary: fc.constant<unknown[]>([]), weight: 1 },
  );
  return [
    // Updates three times as often as each other command: the settings have ten fields to cover.
    ...Array.from({ length: 3 }, () =>
      fc.tuple(callerArb, patchArb).map(([c, p]) => new UpdateSettings(c, p)),
    ),
    fc.constant(new ReadSettings()),
    fc.tuple(callerArb, itemsArb).map(([c, items]) => new SetLimits(c, items)),
    fc
      .tuple(callerArb, fc.constantFrom<string>(...REMOVABLE_TYPES, 'pages'))
      .map(([c, t]) => new RemoveLimit(c, t)),
    callerArb.map((c) => new GetLimits(c)),
    fc.constantFrom<'file' | 'webpage'>('file', 'webpage').map((k) => new AddDocument(k)),
  ];
}

// ---------------------------------------------------------------------------------------------------------------

async function newWorld(): Promise<Real> {
  const control = target().control!;
  const org = await createOrganizationVia(control);
  const project = await createProjectVia(control, org.organization_id, undefined, unique('Model project'));
  const tokens = {} as Record<Caller, string>;
  for (const caller of CALLERS) {
    const { role, permissions } = GRANTS[caller];
    tokens[caller] = (await orgTokenVia(control, org, { role, permissions })).value;
  }
  return { project_uid: project.project_uid, tokens };
}

describe('project settings and usage limits against a reference model', () => {
  // The assumed clauses a generated sequence may or may not reach (SET-ATOMIC, SET-NO-FIELDS, SET-MODEL-INVALID-STATUS,
  // USAGE-LIMIT-ATOMIC, USAGE-LIMIT-SET-VOICE-CREDITS, USAGE-LIMIT-DUPLICATE-TYPES, AUTH-CHECK-ORDER) are cited by the
  // assumed() checks of the steps that reach them, not by the title.
  it('random sequences of settings updates, limit changes, reads and usage match the model command by command [MODEL-SETTINGS, SET-PARTIAL-UPDATE, SET-MODEL-IN-LIST, SET-MESSAGE-ONLY, USAGE-LIMIT-SET-REFLECTED, USAGE-LIMIT-REMOVE-FULL-ALLOCATION, AUTH-ACCESS-UPDATEPROJECTSETTINGS, AUTH-ACCESS-SETPROJECTUSAGELIMIT, AUTH-ACCESS-GETPROJECTUSAGELIMIT]', async (ctx) => {
    need(ctx, target(), { control: true });
    const control = target().control!;
    const first = await newWorld();
    const models = (await supportedModels(target(), { bearer: first.tokens.owner })).map((x) => x.value);
    const read = expectSuccess<ProjectUsageLimit>(
      await call(first, 'getProjectUsageLimit', 'owner', {}),
      'getProjectUsageLimit',
    ).data;
    const allocation: Allocation = {
      document: read.document.limit,
      webpages: read.webpages.limit,
      credits: read.credits.limit,
    };

    await fc.assert(
      fc.asyncProperty(
        fc.commands(commandArbs(models, allocation), { maxCommands: 25, size: 'max' }),
        async (cmds) => {
          const real = await newWorld();
          const initial = await control.get<{ settings: Record<string, unknown> }>(
            `/projects/${real.project_uid}`,
          );
          const model: Model = {
            settings: initial.settings,
            limits: noLimits({ document: 0, webpages: 0, credits: 0 }),
            allocation,
            models,
            settingsGrounds: new Set(),
            // The allocation is what a project with no limit set reports.
            limitsGrounds: new Set(['USAGE-LIMIT-UNSET-IS-ALLOCATION']),
          };
          await fc.asyncModelRun(() => ({ model, real }), cmds);
          // Every run ends with both reads, whatever its commands were.
          await new ReadSettings().run(model, real);
          await new GetLimits('owner').run(model, real);
        },
      ),
      { numRuns: 30 },
    );
  });
});
