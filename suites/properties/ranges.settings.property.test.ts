/**
 * AI settings ranges as properties (see ranges.test-support.ts): every value of each settings range of
 * contract/limits.ts is accepted and stored, every value outside gets 400 `Invalid params`; a value of the wrong kind
 * is another representation, whose refusal is the fake's reading (under the clause support/project-settings.ts names
 * for it). fast-check prints the seed and the shrunk counterexample on failure.
 */
import fc from 'fast-check';
import { describe, expect, it, type TestContext } from 'vitest';
import { settingsRanges } from '../../contract/index.js';
import { AiSettingsPatch } from '../../contract/requests/platform.js';
import {
  type Bounds,
  fractionInsideArb,
  intInsideArb,
  intOutsideArb,
  numberInsideArb,
  numberOutsideArb,
  numericStringArb,
  wrongTypeArb,
} from '../support/arbitraries/ranges.js';
import { expectWrongType } from '../support/project-settings.js';
import { need, useTarget } from '../support/use-target.js';
import { freshProjectVia } from '../support/world.js';
import { rangeChecks } from './ranges.test-support.js';

const target = useTarget();
const { runs, accepted, rejected } = rangeChecks(target);

/** The project the settings properties write to: a fresh one where the target has control. */
let settingsSubject: Promise<string> | undefined;
function settingsProject(ctx: TestContext): Promise<string> {
  need(ctx, target(), { tokens: ['owner'], writes: true, ...(target().control ? {} : { projectUid: true }) });
  settingsSubject ??= (async () => {
    if (!target().control) return target().config.project_uid!;
    return (await freshProjectVia(target(), 'Range properties subject')).project_uid;
  })();
  return settingsSubject;
}

type SettingField = keyof typeof settingsRanges;

/** The clause of each range; a range added to limits.ts without a clause here fails to compile. */
const settingClause: Record<SettingField, string> = {
  temperature: 'SET-TEMPERATURE-RANGE',
  chat_history_count: 'SET-CHAT-HISTORY-COUNT-RANGE',
  max_nodes: 'SET-MAX-NODES-RANGE',
  add_page_link: 'SET-ADD-PAGE-LINK-VALUES',
  auto_close_duration: 'SET-AUTO-CLOSE-RANGE',
  auto_resolve_duration: 'SET-AUTO-RESOLVE-RANGE',
};

/** Whether the contract's field takes fractions (temperature) or only integers (the rest). */
const takesFractions = (field: SettingField, r: Bounds) =>
  AiSettingsPatch.shape[field].safeParse(r.min + 0.5).success;

describe('AI settings ranges', () => {
  for (const field of Object.keys(settingsRanges) as SettingField[]) {
    const r = settingsRanges[field];
    const clause = settingClause[field];
    const fractions = takesFractions(field, r);
    const inside = fractions ? numberInsideArb(r) : intInsideArb(r);
    const outside = fractions ? numberOutsideArb(r) : intOutsideArb(r);
    const wrongKind: fc.Arbitrary<unknown> = fractions
      ? fc.oneof(numberInsideArb(r).map(String), wrongTypeArb)
      : fc.oneof(fractionInsideArb(r), numericStringArb(r), wrongTypeArb);

    it(`${field}: every value in [${r.min}, ${r.max}] is accepted and stored [${clause}]`, async (ctx) => {
      const uid = await settingsProject(ctx);
      await fc.assert(
        fc.asyncProperty(inside, async (value) => {
          await accepted(
            await target().call('updateProjectSettings', { body: { project_uid: uid, [field]: value } }),
            'updateProjectSettings',
          );
          if (target().control) {
            const view = await target().control!.get<{ settings: Record<string, unknown> }>(
              `/projects/${uid}`,
            );
            expect(view.settings[field]).toBe(JSON.parse(JSON.stringify(value)));
          }
        }),
        runs(),
      );
    });

    it(`${field}: every value outside [${r.min}, ${r.max}] gets 400 Invalid params [${clause}, ERR-INVALID-PARAMS-MESSAGE]`, async (ctx) => {
      const uid = await settingsProject(ctx);
      await fc.assert(
        fc.asyncProperty(outside, async (value) => {
          await rejected(
            await target().call('updateProjectSettings', { body: { project_uid: uid, [field]: value } }),
          );
        }),
        runs(),
      );
    });

    // Every wrong kind is another representation: the title cites the clauses a generated value may reach, each
    // checked through assumed() when one does (a generated test need not reach them all).
    const fieldType = fractions ? 'number' : 'integer';
    it(`${field}: ${fractions ? 'strings and other types' : 'fractions, numeric strings and other types'} get 400 Invalid params [${clause}]`, async (ctx) => {
      const uid = await settingsProject(ctx);
      await fc.assert(
        fc.asyncProperty(wrongKind, async (value) => {
          const res = await target().call('updateProjectSettings', {
            body: { project_uid: uid, [field]: value },
          });
          expectWrongType(res, value, fieldType);
        }),
        runs(),
      );
    });
  }
});
