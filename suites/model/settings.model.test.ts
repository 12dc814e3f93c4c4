/**
 * Model-based test of a project's AI settings and usage limits: random sequences of updateProjectSettings (valid
 * and invalid values, tokens of every role and a fine-grained Setting Write token), setProjectUsageLimit,
 * removeProjectUsageLimit, getProjectUsageLimit and documents added (usage), run against the target and compared,
 * command by command, with a small reference model (settings-reference.ts; the commands: settings-commands.ts).
 * Each run uses a new organization (provider state `organization`, its tokens from `token`, documents from
 * `knowledgebase documents`), so the model starts from what a new project reports and runs on any target that offers
 * those states. Reading the saved settings back needs the fake's control view: that run is a test of its own.
 */
import fc from 'fast-check';
import { describe, it, type TestContext } from 'vitest';
import { aiModes, type ProjectUsageLimit, settingsRanges } from '../../contract/index.js';
import {
  fractionInsideArb,
  intInsideArb,
  intOutsideArb,
  numberInsideArb,
  numberOutsideArb,
  numericStringArb,
  wrongTypeArb,
} from '../support/arbitraries/ranges.js';
import { arrange } from '../support/arrangement.js';
import { expectSuccess } from '../support/envelope.js';
import { supportedModels } from '../support/models.js';
import { type Allocation, noLimits, REMOVABLE_TYPES } from '../support/reference/usage-limits.js';
import { enterState, need, useTarget } from '../support/use-target.js';
import {
  AddDocument,
  call,
  GetLimits,
  ReadSettings,
  type Real,
  RemoveLimit,
  SetLimits,
  UpdateSettings,
} from './settings-commands.js';
import { CALLERS, type Caller, FIELDS, type Field, GRANTS, type Model } from './settings-reference.js';

const target = useTarget();

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

function commandArbs(models: readonly string[], allocation: Allocation, options: { readSettings: boolean }) {
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
    ...(options.readSettings ? [fc.constant(new ReadSettings())] : []),
    fc.tuple(callerArb, itemsArb).map(([c, items]) => new SetLimits(c, items)),
    fc
      .tuple(callerArb, fc.constantFrom<string>(...REMOVABLE_TYPES, 'pages'))
      .map(([c, t]) => new RemoveLimit(c, t)),
    callerArb.map((c) => new GetLimits(c)),
    fc.constantFrom<'file' | 'webpage'>('file', 'webpage').map((k) => new AddDocument(k)),
  ];
}

// ---------------------------------------------------------------------------------------------------------------

/** A new organization with its project and a token of each caller, all created by its owner (provider states). */
async function newWorld(ctx: TestContext): Promise<Real> {
  const org = await enterState(ctx, target(), 'organization');
  const tokens = { owner: org.owner_token } as Record<Caller, string>;
  for (const caller of CALLERS.filter((c) => c !== 'owner')) {
    const { role, permissions } = GRANTS[caller];
    const made = await enterState(ctx, target(), 'token', {
      organization_id: org.organization_id,
      role: role ?? 'none',
      permissions,
    });
    tokens[caller] = made.value;
  }
  return {
    target: target(),
    ctx,
    organization_id: org.organization_id,
    project_uid: org.project_uid,
    tokens,
  };
}

/** Random sequences against the model, each on a new world; with `readSettings`, the saved settings read back too. */
async function runModel(
  ctx: TestContext,
  options: { readSettings: boolean; numRuns: number },
): Promise<void> {
  need(ctx, target(), { writes: true });
  const { models, read } = await arrange('a first world, its models and its allocation', async () => {
    const first = await newWorld(ctx);
    const models = (await supportedModels(target(), { bearer: first.tokens.owner })).map((x) => x.value);
    const read = expectSuccess<ProjectUsageLimit>(
      await call(first, 'getProjectUsageLimit', 'owner', {}),
      'getProjectUsageLimit',
    ).data;
    return { models, read };
  });
  const allocation: Allocation = {
    document: read.document.limit,
    webpages: read.webpages.limit,
    credits: read.credits.limit,
  };

  await fc.assert(
    fc.asyncProperty(
      fc.commands(commandArbs(models, allocation, options), { maxCommands: 25, size: 'max' }),
      async (cmds) => {
        const { real, usage } = await arrange('a new world for the run', async () => {
          const real = await newWorld(ctx);
          const usage = expectSuccess<ProjectUsageLimit>(
            await call(real, 'getProjectUsageLimit', 'owner', {}),
            'getProjectUsageLimit',
          ).data;
          return { real, usage };
        });
        const model: Model = {
          settings: options.readSettings ? (await target().control!.project(real.project_uid)).settings : {},
          limits: noLimits({
            document: usage.document.usage,
            webpages: usage.webpages.usage,
            credits: usage.credits.usage,
          }),
          allocation,
          models,
          settingsGrounds: new Set(),
          // The allocation is what a project with no limit set reports.
          limitsGrounds: new Set(['USAGE-LIMIT-UNSET-IS-ALLOCATION']),
        };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        // Every run ends with the reads, whatever its commands were.
        if (options.readSettings) await new ReadSettings().run(model, real);
        await new GetLimits('owner').run(model, real);
      },
    ),
    { numRuns: options.numRuns },
  );
}

describe('project settings and usage limits against a reference model', () => {
  // The assumed clauses a generated sequence may or may not reach (SET-ATOMIC, SET-NO-FIELDS, SET-MODEL-INVALID-STATUS,
  // SET-WRONG-TYPE, SET-ENUM-EXACT, USAGE-LIMIT-ATOMIC, USAGE-LIMIT-SET-VOICE-CREDITS, USAGE-LIMIT-DUPLICATE-TYPES,
  // USAGE-LIMIT-REPRESENTATIONS, AUTH-CHECK-ORDER) are cited by the assumed() checks of the steps that reach them, not
  // by the title.
  it('random sequences of settings updates, limit changes, reads and usage match the model command by command [MODEL-SETTINGS, SET-MODEL-IN-LIST, SET-MESSAGE-ONLY, USAGE-LIMIT-SET-REFLECTED, USAGE-LIMIT-REMOVE-FULL-ALLOCATION, AUTH-ACCESS-UPDATEPROJECTSETTINGS, AUTH-ACCESS-SETPROJECTUSAGELIMIT, AUTH-ACCESS-GETPROJECTUSAGELIMIT]', async (ctx) => {
    await runModel(ctx, { readSettings: false, numRuns: 30 });
  });

  it('the saved settings read back in the control view match the model after random sequences [MODEL-SETTINGS, SET-PARTIAL-UPDATE]', async (ctx) => {
    need(ctx, target(), { control: 'the control view' });
    await runModel(ctx, { readSettings: true, numRuns: 20 });
  });
});
