/**
 * What the updateProjectSettings suites share: the call, the project they write to (a fresh one from the provider
 * state `project` where the target offers it, else the configured project) and, on the fake only, the saved
 * settings as its control view shows them (the public API has no read of the AI settings), and how a value of another
 * representation is checked.
 */
import { expect, type TestContext } from 'vitest';
import type { Auth, Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';
import { expectEnvelope, expectError, expectRefused } from './envelope.js';
import { INVALID_PARAMS } from './messages.js';
import { assumed } from './strength.js';
import { enterState, need, stateMissing } from './use-target.js';

export type Settings = Record<string, unknown>;

export const updateSettings = (t: Target, body: Record<string, unknown>, auth?: Auth) =>
  t.call('updateProjectSettings', { body, auth });

/** The saved AI settings of a project, from the fake's control view. */
export const savedSettings = async (t: Target, uid: string): Promise<Settings> =>
  (await t.control!.project(uid)).settings;

/** A fresh project of the target's organization (provider state `project`; its members: the owners). */
export async function freshSettingsProject(ctx: TestContext, t: Target): Promise<string> {
  need(ctx, t, { tokens: ['owner'], writes: true });
  return (await enterState(ctx, t, 'project', { name: 'Settings subject' })).project_uid;
}

/** The project a test writes settings to: a fresh one where the target offers the state, else the configured one. */
export async function settingsSubject(ctx: TestContext, t: Target): Promise<string> {
  need(ctx, t, { tokens: ['owner'], writes: true });
  if (!(await stateMissing(t, 'project'))) return freshSettingsProject(ctx, t);
  need(ctx, t, { projectUid: true });
  return t.config.project_uid!;
}

/** A fresh project whose saved settings the test reads in the fake's control view. */
export async function viewedSettingsProject(ctx: TestContext, t: Target): Promise<string> {
  need(ctx, t, { control: 'the control view' });
  return freshSettingsProject(ctx, t);
}

/** The JSON type the spec's table gives a setting. */
export type FieldType = 'string' | 'number' | 'integer';

/**
 * The assumed clauses under which a value that is not of a setting's type is refused. The spec gives each field's
 * type, not how a server reads a value of another type (it might coerce it, or read it as not given), so none of
 * these refusals is documented: a number for a string field and a numeric string for a number are not coerced
 * (ERR-JSON-NO-COERCION), null is not read as absent (ERR-NULL-NOT-ABSENT; SET-WRONG-TYPE for a string field), a
 * fraction is not an integer (SET-INTEGER-FIELDS-STRICT), and anything else is another type (SET-WRONG-TYPE).
 */
export function wrongTypeClauses(value: unknown, fieldType: FieldType): string[] {
  if (value === null) return fieldType === 'string' ? ['SET-WRONG-TYPE'] : ['ERR-NULL-NOT-ABSENT'];
  if (typeof value === 'number')
    return fieldType === 'string' ? ['ERR-JSON-NO-COERCION'] : ['SET-INTEGER-FIELDS-STRICT'];
  if (typeof value === 'string' && fieldType !== 'string' && /^-?\d+(\.\d+)?$/.test(value))
    return fieldType === 'integer'
      ? ['ERR-JSON-NO-COERCION', 'SET-INTEGER-FIELDS-STRICT']
      : ['ERR-JSON-NO-COERCION'];
  return ['SET-WRONG-TYPE'];
}

/** The clauses a list of wrong-type values rests on, for a test title. */
export const wrongTypeTitle = (values: readonly unknown[], fieldType: FieldType): string =>
  [...new Set(values.flatMap((v) => wrongTypeClauses(v, fieldType)))].join(', ');

/** Either message the spec names for updateProjectSettings: a bad request body, or a model not in the list. */
const EITHER_MESSAGE = /^(Invalid params|Invalid model '.*'\. Model not found in available models list\.$)/s;

/**
 * A refusal of another representation of a setting, in two strengths: hard only that the server answers in an
 * envelope and does not fail; that it refuses with 400 `Invalid params` is the fake's reading, under each of
 * `clauses`. With `eitherMessage` (model), the invalid-model message the spec also names for updateProjectSettings
 * passes too.
 */
export function expectRefusedUnder(
  res: RawResponse,
  clauses: readonly string[],
  options: { eitherMessage?: boolean } = {},
): void {
  expectEnvelope(res);
  const refused = options.eitherMessage
    ? () => {
        expect(res.status, `status; body: ${res.text.slice(0, 300)}`).toBe(400);
        expectRefused(res, EITHER_MESSAGE);
      }
    : () => expectError(res, 400, INVALID_PARAMS);
  for (const id of clauses) assumed(id, refused);
}

/** A value of another JSON type for a setting of `fieldType`: refused only under its assumed clauses. */
export const expectWrongType = (
  res: RawResponse,
  value: unknown,
  fieldType: FieldType,
  options: { eitherMessage?: boolean } = {},
): void => expectRefusedUnder(res, wrongTypeClauses(value, fieldType), options);
