/**
 * What the generators know about the fake under test: its paths, the seeded credentials (read from the target
 * config the fake wrote) and identifiers that valid bodies refer to (gathered after each reset, see engine/prepare).
 */
import type { TargetConfig } from '../contract/index.js';

export interface FuzzContext {
  /** `127.0.0.1:PORT`: the Host header of a well-formed request. */
  host: string;
  basePath: string;
  orgBasePath: string;
  controlPrefix: string;
  /** The seeded Platform tokens, owner first. */
  tokens: readonly string[];
  projectKey: string;
  projectUid: string;
  otherProjectUid: string;
  widgetUid: string;
  /** A listed session of `projectUid` (getSessionMessages). */
  sessionUid?: number;
  /** A session opened with createSession (sendMessage, execution logs). */
  widgetSessionUid?: string;
  /** A playground session of `projectUid` (playgroundAgentResponse). */
  playgroundSessionUid?: number;
  /** `value`s of getSupportedModels. */
  models: readonly string[];
  ragModels: { openai: string; anthropic: string };
}

/** The part of the context a target config gives; the rest comes from the fake's own answers. */
export function contextFromTarget(target: TargetConfig): FuzzContext {
  const base = new URL(target.base_url);
  const need = (value: string | undefined, what: string): string => {
    if (!value) throw new Error(`the target config has no ${what}`);
    return value;
  };
  const t = target.tokens;
  const tokens = [t.owner, t.editor, t.viewer, t.selected, t.fine_grained].filter(
    (v): v is string => typeof v === 'string',
  );
  need(t.owner, 'owner token');
  return {
    host: base.host,
    basePath: base.pathname.replace(/\/+$/, ''),
    orgBasePath: new URL(target.org_base_url ?? target.base_url).pathname.replace(/\/+$/, ''),
    controlPrefix: new URL(need(target.control?.url, 'control API')).pathname.replace(/\/+$/, ''),
    tokens,
    projectKey: need(target.project_key, 'project key'),
    projectUid: need(target.project_uid, 'project_uid'),
    otherProjectUid: target.other_project_uid ?? need(target.project_uid, 'project_uid'),
    widgetUid: need(target.widget_uid, 'widget_uid'),
    models: [],
    ragModels: {
      openai: target.rag_models.openai ?? 'gpt-4o-mini',
      anthropic: target.rag_models.anthropic ?? 'claude-3-5-haiku-latest',
    },
  };
}
