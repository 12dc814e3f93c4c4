/**
 * The start of an epoch: the fake back to its seeded state (frozen clock), then what valid bodies refer to,
 * read through the API itself: the supported models, a listed session, a playground session, a widget session.
 */
import type { TargetConfig } from '../../contract/index.js';
import { contextFromTarget, type FuzzContext } from '../context.js';
import { type ControlClient, callOperation } from './api-client.js';

const data = (json: unknown): unknown => (json as { data?: unknown } | undefined)?.data;

export async function prepareEpoch(
  control: ControlClient,
): Promise<{ ctx: FuzzContext; target: TargetConfig }> {
  await control.reset();
  const target = await control.target();
  const ctx = contextFromTarget(target);
  const owner = { token: ctx.tokens[0]! };
  const models = data((await callOperation(target, 'getSupportedModels', owner, {})).json);
  const sessions = data(
    (await callOperation(target, 'getSessions', owner, { project_uid: ctx.projectUid, limit: 1 })).json,
  );
  const playground = data(
    (await callOperation(target, 'createPlaygroundAgentSession', owner, { project_uid: ctx.projectUid }))
      .json,
  );
  const widget = data(
    (await callOperation(target, 'createSession', { key: ctx.projectKey }, { widget_uid: ctx.widgetUid }))
      .json,
  );
  const sessionUid = (sessions as { session_uid?: number }[] | undefined)?.[0]?.session_uid;
  const playgroundUid = (playground as { session_uid?: number } | undefined)?.session_uid;
  const widgetUid = (widget as { session_uid?: string } | undefined)?.session_uid;
  return {
    target,
    ctx: {
      ...ctx,
      models: ((models as { value?: unknown }[] | undefined) ?? [])
        .map((m) => m.value)
        .filter((v): v is string => typeof v === 'string'),
      ...(sessionUid !== undefined ? { sessionUid } : {}),
      ...(playgroundUid !== undefined ? { playgroundSessionUid: playgroundUid } : {}),
      ...(widgetUid !== undefined ? { widgetSessionUid: widgetUid } : {}),
    },
  };
}
