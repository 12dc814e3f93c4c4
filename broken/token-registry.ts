/**
 * What a breaking rule knows of the tokens a run uses: the target config's own (by kind), and those the run makes
 * through provider states or the control API, learned from their requests and answers as they pass the proxy.
 */
import type { TargetConfig } from '../contract/index.js';
import { jsonOf } from './bodies.js';
import type { Answer, Exchange } from './rule.js';

export interface KnownToken {
  role?: string;
  /** With scope `selected`: the project_uids it covers. */
  projects?: readonly string[];
}

export interface TokenRegistry {
  lookup(value: string): KnownToken | undefined;
  /** Learn from a provider-state or control exchange. */
  observe(req: Exchange, res: Answer): void;
  /** A token of the config with the owner role (what a swapped permission check lets through). */
  readonly owner: string | undefined;
}

export function tokenRegistry(config: TargetConfig): TokenRegistry {
  const known = new Map<string, KnownToken>();
  const kinds = ['owner', 'editor', 'viewer', 'selected', 'fine_grained'] as const;
  for (const kind of kinds) {
    const values = [config.tokens[kind], ...(config.token_pools?.[kind] ?? [])];
    for (const value of values) {
      if (!value) continue;
      if (kind === 'selected') known.set(value, { role: 'owner', projects: [config.project_uid ?? ''] });
      else if (kind !== 'fine_grained') known.set(value, { role: kind });
    }
  }
  return {
    lookup: (value) => known.get(value),
    owner: config.tokens.owner,
    observe(req, res) {
      if (res.status !== 200) return;
      const data = jsonOf(res)?.data as { value?: unknown; role?: unknown } | undefined;
      if (typeof data?.value !== 'string') return;
      if (req.route === 'states') {
        const params = (jsonOf(req)?.params ?? {}) as {
          role?: string;
          scope?: string;
          project_uids?: string[];
        };
        known.set(data.value, {
          role: params.role ?? 'owner',
          ...(params.scope === 'selected' ? { projects: params.project_uids ?? [] } : {}),
        });
      } else if (req.route === 'control' && typeof data.role === 'string') {
        known.set(data.value, { role: data.role });
      }
    },
  };
}
