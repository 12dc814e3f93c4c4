/**
 * The target config: how the suites reach a deployment. `npm start` writes one for the fake
 * (reports/fake-target.json); QA writes one for staging. Documented in docs/qa-staging.md ("The target config").
 */
import { z } from 'zod';

export const TargetConfig = z.object({
  /** Human name shown in reports. */
  name: z.string().default('unnamed target'),
  /** `fake` when the target is this project's fake (assumed clauses then fail instead of warn). */
  kind: z.enum(['fake', 'real']).default('real'),
  /** The fake's variant mode: the axes it runs with (FAKE-VARIANT, contract/variant-axes.ts); absent otherwise. */
  variant: z.array(z.string()).optional(),
  base_url: z.url(),
  /** Organization-level operations; defaults to base_url. */
  org_base_url: z.url().optional(),
  tokens: z
    .object({
      owner: z.string().optional(),
      editor: z.string().optional(),
      viewer: z.string().optional(),
      /** A token with scope `selected` that does not cover `project_uid`'s sibling `other_project_uid`. */
      selected: z.string().optional(),
      /** A token with fine-grained permissions only (no role). */
      fine_grained: z.string().optional(),
    })
    .default({}),
  /**
   * More tokens of the same kinds (same role, scope and organization as the one under `tokens`): the suites spread
   * their requests over `tokens.<kind>` and these, each request going out with the least-spent one
   * (HARNESS-QUOTA-LEDGER), so one run spends less of each token's hourly cap.
   */
  token_pools: z
    .object({
      owner: z.array(z.string()).optional(),
      editor: z.array(z.string()).optional(),
      viewer: z.array(z.string()).optional(),
      selected: z.array(z.string()).optional(),
      fine_grained: z.array(z.string()).optional(),
    })
    .optional(),
  project_key: z.string().optional(),
  project_uid: z.string().optional(),
  /** A second project of the same organization, outside the `selected` token's scope. */
  other_project_uid: z.string().optional(),
  widget_uid: z.string().optional(),
  /**
   * Models the RAG suites pass as `model` on each endpoint. Unset: the suites take the first `gpt-*`/`o1`/`o3` and
   * `claude-*` values that getSupportedModels lists (which needs the owner token).
   */
  rag_models: z.object({ openai: z.string().optional(), anthropic: z.string().optional() }).default({}),
  /** Present only when the target has the fake's control API. */
  control: z.object({ url: z.url(), secret: z.string() }).optional(),
  /**
   * Where a cooperating deployment enters named provider states on request (contract/provider-states/,
   * docs/qa-staging.md "Provider states"), and the headers every such request carries (e.g. a secret). Separate
   * from `control`: a real deployment may have this and never a control API.
   */
  provider_states: z
    .object({ url: z.url(), headers: z.record(z.string(), z.string()).optional() })
    .optional(),
  /**
   * Requests the suites may send per Platform token in one run. Unset: no budget when the target has a control API
   * (counters are reset between tests), else the hourly cap less a margin. A test that would exceed it is skipped.
   */
  request_budget_per_token: z.number().int().min(1).optional(),
  /**
   * RAG requests the suites may send with `project_key` in one run. Unset: none when the target has a control API,
   * else the smallest documented RAG cap (200) less a margin. A test that would exceed it is skipped.
   */
  request_budget_rag_per_project: z.number().int().min(1).optional(),
  /**
   * How long a request may wait for the target's answer, in milliseconds (default 30000). A request that gets no
   * answer within it is a "no answer" item of the verdict, never a red on the clause its test was about.
   */
  request_timeout_ms: z.number().int().min(1).max(600_000).optional(),
  /** What the target allows the suites to do. */
  allow: z
    .object({
      /** Operations that change state (settings, limits, invitations, playground). */
      writes: z.boolean().default(false),
      /** Tests that spend quota (rate caps). */
      quota: z.boolean().default(false),
      /** Tests that spend credits (RAG completions are billed per token). */
      credits: z.boolean().default(false),
    })
    .default({ writes: false, quota: false, credits: false }),
});
export type TargetConfig = z.infer<typeof TargetConfig>;

/**
 * The fake's own target file as QA would write one for staging: no control API, kind real, provider states kept.
 * `keepControl` keeps the control API (still kind real), so that every test, clock and faults included, meets a
 * variant's choices. (`npm run rehearse`, the sensitivity figures and the latency bench present the fake so.)
 */
export function asStaging(fake: TargetConfig, allow: boolean, keepControl = false): TargetConfig {
  const { control, ...rest } = fake;
  return {
    ...rest,
    ...(keepControl && control ? { control } : {}),
    name: keepControl
      ? 'staging rehearsal (the fake with its control API, kind real)'
      : 'staging rehearsal (the fake without its control API)',
    kind: 'real',
    allow: { writes: allow, quota: allow, credits: allow },
  };
}
