/** The fake describes itself as a target config, so the suites can reach it like any deployment. */
import type { TargetConfig } from '../contract/index.js';
import { PROVIDER_STATES_SECRET_HEADER } from './provider-states/router.js';
import type { Runtime } from './runtime.js';
import { OWNER_POOL_PREFIX } from './seed.js';

export interface Addresses {
  origin: string;
  basePath: string;
  orgBasePath: string;
  controlPrefix: string;
  providerStatesPrefix: string;
  secret: string;
}

export function describeFake(runtime: Runtime, a: Addresses): TargetConfig {
  const seeded = runtime.seeded;
  const main = seeded?.projects.main;
  const other = seeded?.projects.travel;
  // Variant mode (FAKE-VARIANT) differs from the fake where the spec leaves the choice open: suites are to judge it
  // as a foreign deployment (assumed clauses warn), and the file says which axes it runs with.
  const variant = runtime.options.variant ?? [];
  const ownerPool = Object.entries(seeded?.tokens ?? {})
    .filter(([key]) => key.startsWith(OWNER_POOL_PREFIX))
    .map(([, value]) => value);
  return {
    name: variant.length > 0 ? `variant fake at ${a.origin}` : `fake at ${a.origin}`,
    kind: variant.length > 0 ? 'real' : 'fake',
    ...(variant.length > 0 ? { variant: [...variant] } : {}),
    base_url: `${a.origin}${a.basePath}`,
    org_base_url: `${a.origin}${a.orgBasePath}`,
    tokens: {
      ...(seeded?.tokens.owner ? { owner: seeded.tokens.owner } : {}),
      ...(seeded?.tokens.editor ? { editor: seeded.tokens.editor } : {}),
      ...(seeded?.tokens.viewer ? { viewer: seeded.tokens.viewer } : {}),
      ...(seeded?.tokens.selected ? { selected: seeded.tokens.selected } : {}),
      ...(seeded?.tokens.fine_grained ? { fine_grained: seeded.tokens.fine_grained } : {}),
    },
    ...(ownerPool.length > 0 ? { token_pools: { owner: ownerPool } } : {}),
    ...(seeded?.projectKeys.main ? { project_key: seeded.projectKeys.main } : {}),
    ...(main ? { project_uid: main.project_uid, widget_uid: main.integration.widget_uid } : {}),
    ...(other ? { other_project_uid: other.project_uid } : {}),
    rag_models: { openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest' },
    control: { url: `${a.origin}${a.controlPrefix}`, secret: a.secret },
    provider_states: {
      url: `${a.origin}${a.providerStatesPrefix}`,
      headers: { [PROVIDER_STATES_SECRET_HEADER]: a.secret },
    },
    allow: { writes: true, quota: true, credits: true },
  };
}
