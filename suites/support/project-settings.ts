/**
 * What the updateProjectSettings suites share: the call, the project they write to (a fresh one from the provider
 * state `project` where the target offers it, else the configured project) and, on the fake only, the saved
 * settings as its control view shows them (the public API has no read of the AI settings).
 */
import type { TestContext } from 'vitest';
import type { Auth, Target } from '../target/target.js';
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
  need(ctx, t, { control: true });
  return freshSettingsProject(ctx, t);
}
