/** The fake describes itself as a target config, so the suites can reach it like any deployment. */
import type { TargetConfig } from '../contract/index.js';
import type { Runtime } from './runtime.js';

export interface Addresses {
  origin: string;
  basePath: string;
  orgBasePath: string;
  controlPrefix: string;
  secret: string;
}

export function describeFake(runtime: Runtime, a: Addresses): TargetConfig {
  const seeded = runtime.seeded;
  const main = seeded?.projects.main;
  const other = seeded?.projects.travel;
  return {
    name: `fake at ${a.origin}`,
    kind: 'fake',
    base_url: `${a.origin}${a.basePath}`,
    org_base_url: `${a.origin}${a.orgBasePath}`,
    tokens: {
      ...(seeded?.tokens.owner ? { owner: seeded.tokens.owner } : {}),
      ...(seeded?.tokens.editor ? { editor: seeded.tokens.editor } : {}),
      ...(seeded?.tokens.viewer ? { viewer: seeded.tokens.viewer } : {}),
      ...(seeded?.tokens.selected ? { selected: seeded.tokens.selected } : {}),
      ...(seeded?.tokens.fine_grained ? { fine_grained: seeded.tokens.fine_grained } : {}),
    },
    ...(seeded?.projectKeys.main ? { project_key: seeded.projectKeys.main } : {}),
    ...(main ? { project_uid: main.project_uid, widget_uid: main.integration.widget_uid } : {}),
    ...(other ? { other_project_uid: other.project_uid } : {}),
    rag_models: { openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest' },
    control: { url: `${a.origin}${a.controlPrefix}`, secret: a.secret },
    allow: { writes: true, quota: true, credits: true },
  };
}
