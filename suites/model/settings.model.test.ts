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
import { expectError, expectSuccess } from '../support/envelope.js';
import { FORBIDDEN } from '../support/messages.js';
import {
  type Allocation,
  noLimits,
  type ProjectLimits,
  REMOVABLE_TYPES,
  removeLimit,
  reported,
  setLimits,
  used,
} from '../support/reference/usage-limits.js';
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

interface Model {
  settings: Record<string, unknown>;
  limits: ProjectLimits;
  readonly allocation: Allocation;
  readonly models: readonly string[];
}

/** The answer the model expects: 200 (and the model after it), or an error status and its message(s). */
interface Prediction {
  status: number;
  message?: string | readonly string[];
  next?: Partial<Model>;
}

function predictUpdate(m: Model, caller: Caller, patch: Record<string, unknown>): Prediction {
  if (!may('updateProjectSettings', caller)) return { status: 403, message: FORBIDDEN };
  const entries = Object.entries(patch) as [Field, unknown][];
  const unknownModel =
    validValue('model', patch.model) && !m.models.includes(patch.model as string)
      ? [invalidModel(patch.model as string)]
      : [];
  // Which of two faults answers is not shown: a bad value and an unknown model may each be named.
  if (entries.some(([f, v]) => !validValue(f, v)))
    return { status: 400, message: [INVALID_PARAMS, ...unknownModel] };
  if (unknownModel.length > 0) return { status: 400, message: unknownModel[0]! };
  return { status: 200, next: { settings: { ...m.settings, ...patch } } };
}

// ---------------------------------------------------------------------------------------------------------------
// The real system

interface Real {
  project_uid: string;
  tokens: Record<Caller, string>;
}

/** Check `res` against the prediction; answers the success body when it is one. */
function expectPredicted(res: RawResponse, p: Prediction, op: string) {
  if (p.status === 200) return expectSuccess(res, op);
  const message = p.message ?? [];
  expectError(res, p.status);
  const got = (res.json as { message: string }).message;
  if (typeof message === 'string') expect(got).toBe(message);
  else expect(message).toContain(got);
  return undefined;
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
    if (body) expect(body.data, 'message only (SET-MESSAGE-ONLY)').toBeUndefined();
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
    expect(project.settings).toEqual(m.settings);
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
    let p: Prediction;
    if (!may('setProjectUsageLimit', this.caller)) p = { status: 403, message: FORBIDDEN };
    else {
      const o = setLimits(m.limits, m.allocation, this.items);
      p = o.ok ? { status: 200, next: { limits: o.next } } : { status: o.status, message: o.messages };
    }
    const body = expectPredicted(
      await call(r, 'setProjectUsageLimit', this.caller, { limits: this.items }),
      p,
      'setProjectUsageLimit',
    );
    if (body) expect(body.data).toBeUndefined();
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
    let p: Prediction;
    if (!may('removeProjectUsageLimit', this.caller)) p = { status: 403, message: FORBIDDEN };
    else {
      const o = removeLimit(m.limits, this.type);
      p = o.ok ? { status: 200, next: { limits: o.next } } : { status: o.status, message: o.messages };
    }
    const res = await call(r, 'removeProjectUsageLimit', this.caller, { limit_type: this.type });
    expectPredicted(res, p, 'removeProjectUsageLimit');
    if (p.status === 200 && p.next?.limits) m.limits = p.next.limits;
  }
  toString = () => `removeLimit(${this.caller}, ${this.type})`;
}

class GetLimits implements fc.AsyncCommand<Model, Real> {
  constructor(readonly caller: Caller) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const p: Prediction = may('getProjectUsageLimit', this.caller)
      ? { status: 200 }
      : { status: 403, message: FORBIDDEN };
    const body = expectPredicted(
      await call(r, 'getProjectUsageLimit', this.caller, {}),
      p,
      'getProjectUsageLimit',
    );
    if (body) expect(body.data as ProjectUsageLimit).toEqual(reported(m.limits, m.allocation));
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
  it('random sequences of settings updates, limit changes, reads and usage match the model command by command [MODEL-SETTINGS, SET-PARTIAL-UPDATE, SET-ATOMIC, SET-NO-FIELDS, SET-MODEL-IN-LIST, SET-MODEL-INVALID-STATUS, SET-MESSAGE-ONLY, USAGE-LIMIT-SET-REFLECTED, USAGE-LIMIT-ATOMIC, USAGE-LIMIT-REMOVE-FULL-ALLOCATION, USAGE-LIMIT-SET-VOICE-CREDITS, USAGE-LIMIT-DUPLICATE-TYPES, AUTH-CHECK-ORDER, AUTH-ACCESS-UPDATEPROJECTSETTINGS, AUTH-ACCESS-SETPROJECTUSAGELIMIT, AUTH-ACCESS-GETPROJECTUSAGELIMIT]', async (ctx) => {
    need(ctx, target(), { control: true });
    const control = target().control!;
    const first = await newWorld();
    const models = expectSuccess<{ value: string }[]>(
      await target().call('getSupportedModels', { auth: { bearer: first.tokens.owner }, body: {} }),
      'getSupportedModels',
    ).data.map((x) => x.value);
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
