/**
 * What shared data of the target each conformance test file touches, and how (HARNESS-CONCURRENT-FILES). Shared data
 * is what the target config names and every file may use: the config's projects (their settings and their
 * conversations) and its organization (its lists and its credits). Data a test makes for itself (a provider-state
 * organization, a project or token it creates and alone reads) is not shared and is not listed.
 *
 * With `--concurrency N` files run side by side against a deployment; a file holds its claims while it runs
 * (data-locks.ts): files that read a resource run beside each other, and so do files that write it, but never a reader
 * beside a writer (a file that reads back what it wrote claims both); a file `alone` runs with no other. The table was
 * drawn from reading every file (what each test sends with the config's credentials, and which of its assertions a
 * change by another file could turn): a write that happens only when the target breaks the rule under test is not
 * claimed, except where a permitted variant makes it happen (credentials a lenient server accepts), and neither is a
 * read whose assertion holds whatever others do (finding one's own item in a shared list).
 * Provider states that get no organization_id build inside the config organization: their projects, tokens and
 * members are `directory` writes.
 * A file missing from this table runs alone: it has not said what it touches. Harness unit tests (under
 * suites/target, suites/support, suites/runner, suites/reporting) touch no target.
 */
import type { Claim } from './data-locks.js';

/** The kinds of shared data, in the spec's words. */
export type SharedResource =
  /** Settings, agent, prompt, usage limits and retention of the config's projects. */
  | 'settings'
  /** Widget sessions, messages, execution logs and stats of the config's projects. */
  | 'conversations'
  /** The config organization's projects, tokens, members and invitations, as lists and counts. */
  | 'directory'
  /** The config organization's credit balance. */
  | 'credits';

export interface FileAccess {
  /** Resources whose change while the file runs could turn one of its assertions red. */
  readonly reads?: readonly SharedResource[];
  /** Resources the file changes. */
  readonly writes?: readonly SharedResource[];
  /** Why the file must run with no other file at once. */
  readonly alone?: string;
}

/** Held by every file: read by the many, held exclusively by a file that must be alone. */
export const RUN_RESOURCE = 'the whole target';
const RUN = RUN_RESOURCE;

const HARNESS_TESTS = /^suites\/(target|support|runner|reporting)\//;

const UNDECLARED =
  'not declared in suites/target/shared-data.ts: it runs alone until it says what shared data it touches';

/** Keyed by path from the repository root. */
export const SHARED_DATA: Readonly<Record<string, FileAccess>> = {
  'suites/concurrency/send-message.test.ts': { writes: ['conversations', 'credits'] },
  'suites/concurrency/tokens.test.ts': {},
  'suites/concurrency/usage-limits.test.ts': { reads: ['settings', 'credits'], writes: ['settings'] },
  'suites/conventions/bad-input.test.ts': {},
  'suites/conventions/envelope.test.ts': { writes: ['settings', 'conversations', 'directory', 'credits'] },
  'suites/conventions/events.test.ts': {},
  'suites/conventions/org-base-url.test.ts': { reads: ['settings', 'directory'] },
  'suites/conventions/malformed-requests.dates.test.ts': {
    reads: ['conversations'],
    writes: ['conversations', 'credits'],
  },
  'suites/conventions/malformed-requests.test.ts': { reads: ['directory'] },
  'suites/conventions/server-error-probes.test.ts': { writes: ['settings', 'conversations', 'credits'] },
  'suites/conventions/transports.test.ts': {
    reads: ['directory', 'conversations'],
    writes: ['conversations', 'credits'],
  },
  'suites/conventions/versioning.test.ts': {},
  'suites/integration/create-session.test.ts': { writes: ['conversations'] },
  'suites/integration/credits.test.ts': {},
  'suites/integration/execution-logs.test.ts': {
    reads: ['conversations'],
    writes: ['conversations', 'credits'],
  },
  'suites/integration/integration-access.test.ts': { writes: ['conversations', 'credits'] },
  'suites/integration/search-by-key.test.ts': {},
  'suites/integration/send-message.test.ts': { writes: ['conversations', 'credits'] },
  'suites/integration/session-inactivity.test.ts': { writes: ['directory', 'credits'] },
  'suites/integration/session-lifecycle.test.ts': {},
  'suites/integration/stats-live.test.ts': {},
  'suites/integration/widget-journey.test.ts': {},
  'suites/limits/exactness.test.ts': {},
  'suites/limits/headers.test.ts': {},
  'suites/limits/hourly-caps.test.ts': { writes: ['directory'] },
  'suites/limits/isolation.test.ts': {},
  'suites/limits/platform-cap.test.ts': {},
  'suites/limits/sliding.test.ts': {},
  'suites/limits/window.test.ts': {},
  'suites/model/rate.model.test.ts': {},
  'suites/model/sessions.model.test.ts': {},
  'suites/model/settings.model.test.ts': {},
  'suites/model/tokens.model.test.ts': {},
  'suites/platform/access-creator-role.test.ts': {
    writes: ['settings', 'conversations', 'directory', 'credits'],
  },
  'suites/platform/access-fine-grained-permissions.test.ts': {
    writes: ['settings', 'conversations', 'directory', 'credits'],
  },
  'suites/platform/access-project-scope.test.ts': { writes: ['directory'] },
  'suites/platform/access-role-and-permissions.test.ts': {
    writes: ['settings', 'conversations', 'directory', 'credits'],
  },
  'suites/platform/access-roles.test.ts': { writes: ['settings', 'conversations', 'directory', 'credits'] },
  'suites/platform/access-table-effective-access.test.ts': {
    writes: ['settings', 'conversations', 'directory', 'credits'],
  },
  'suites/platform/access-table-whole-conversation-chatbot.test.ts': {
    writes: ['settings', 'conversations', 'directory', 'credits'],
  },
  'suites/platform/access-table-whole-roles.test.ts': {
    writes: ['settings', 'conversations', 'directory', 'credits'],
  },
  'suites/platform/access-table-whole-setting-debugging.test.ts': {
    writes: ['settings', 'conversations', 'directory', 'credits'],
  },
  'suites/platform/authentication.test.ts': {},
  'suites/platform/invitations.test.ts': { reads: ['directory'], writes: ['directory'] },
  'suites/platform/organization.test.ts': { reads: ['directory', 'settings'], writes: ['directory'] },
  'suites/platform/playground-agent-setting.test.ts': { writes: ['conversations', 'credits'] },
  'suites/platform/playground-credits.test.ts': {},
  'suites/platform/playground-response.test.ts': { writes: ['conversations', 'directory', 'credits'] },
  'suites/platform/playground-session.test.ts': { writes: ['conversations', 'directory'] },
  'suites/platform/project-settings.test.ts': { writes: ['settings', 'directory'] },
  'suites/platform/project-settings-fields.test.ts': { writes: ['settings', 'conversations', 'directory'] },
  'suites/platform/projects.test.ts': { reads: ['directory', 'settings'], writes: ['directory'] },
  'suites/platform/retention.test.ts': { writes: ['directory'] },
  'suites/platform/search.test.ts': {},
  'suites/platform/session-messages.test.ts': {
    reads: ['conversations'],
    writes: ['conversations', 'credits'],
  },
  'suites/platform/sessions.test.ts': {
    reads: ['conversations'],
    writes: ['conversations', 'directory', 'credits'],
  },
  'suites/platform/settings-effects.test.ts': {
    reads: ['settings'],
    writes: ['settings', 'conversations', 'directory', 'credits'],
  },
  // It compares counts with the knowledgebase's document usage, which no file changes: no settings read.
  'suites/platform/stats.test.ts': { reads: ['conversations'], writes: ['conversations', 'credits'] },
  'suites/platform/supported-models.test.ts': { writes: ['conversations', 'directory', 'credits'] },
  'suites/platform/tokens-configuration.test.ts': { writes: ['directory'] },
  'suites/platform/tokens-creator-access.test.ts': { writes: ['settings', 'directory'] },
  'suites/platform/tokens-creator-removed.test.ts': { writes: ['directory'] },
  'suites/platform/tokens-deactivate.test.ts': { writes: ['directory'] },
  'suites/platform/tokens-expiry.test.ts': { writes: ['directory'] },
  'suites/platform/tokens-regenerate.test.ts': { writes: ['settings', 'directory'] },
  'suites/platform/tokens-revoke.test.ts': { writes: ['directory'] },
  // It sets the config project's retention_duration: a retention write may delete history (conversations).
  'suites/platform/update-chatbot.test.ts': {
    reads: ['settings', 'directory'],
    writes: ['settings', 'directory', 'conversations'],
  },
  'suites/platform/usage-limits.test.ts': {
    reads: ['settings', 'credits'],
    writes: ['settings', 'directory', 'credits'],
  },
  'suites/platform/usage-limits-remove.test.ts': { reads: ['settings', 'credits'], writes: ['settings'] },
  'suites/platform/usage-limits-set.test.ts': {
    reads: ['settings', 'credits'],
    writes: ['settings', 'directory', 'credits'],
  },
  'suites/properties/agent.property.test.ts': {},
  // Its valid bodies go to the config's projects with the owner token in forms a server should refuse; a server
  // that accepts one (a lenient variant) renames, re-retains (deleting history), invites and spends.
  'suites/properties/envelope.credentials.property.test.ts': {
    writes: ['settings', 'conversations', 'directory', 'credits'],
  },
  // Its reads compare a body with extra keys and without, and nothing when the same body twice answers differently.
  'suites/properties/envelope.property.test.ts': { writes: ['conversations', 'credits'] },
  'suites/properties/integration.property.test.ts': {
    reads: ['conversations'],
    writes: ['conversations', 'credits'],
  },
  'suites/properties/paging.property.test.ts': { reads: ['directory', 'conversations'] },
  'suites/properties/permission-table.property.test.ts': {},
  'suites/properties/ranges.paging.property.test.ts': {},
  'suites/properties/ranges.playground.property.test.ts': { writes: ['conversations', 'credits'] },
  'suites/properties/ranges.search.property.test.ts': {},
  'suites/properties/ranges.settings.property.test.ts': { writes: ['settings'] },
  'suites/properties/rate-limit.property.test.ts': {},
  'suites/properties/token-lifecycle.property.test.ts': { writes: ['directory'] },
  'suites/rag/billing.test.ts': {},
  'suites/rag/caps.test.ts': { writes: ['directory'] },
  'suites/rag/endpoints.test.ts': { writes: ['credits'] },
  'suites/rag/errors.test.ts': { writes: ['credits'] },
  'suites/rag/models.test.ts': { writes: ['credits'] },
  'suites/rag/retrieval.test.ts': { writes: ['credits'] },
  'suites/rag/stream-format.test.ts': { writes: ['credits'] },
  'suites/rag/streaming.test.ts': { writes: ['credits'] },
  'suites/rag/tokens.test.ts': { writes: ['credits'] },
  'suites/rag/tools.test.ts': { writes: ['credits'] },
  'suites/sdk/anthropic-sdk.test.ts': { writes: ['credits'] },
  'suites/sdk/anthropic-sdk-errors.test.ts': {},
  'suites/sdk/anthropic-sdk-script.test.ts': {},
  'suites/sdk/openai-sdk.test.ts': { writes: ['credits'] },
  'suites/sdk/openai-sdk-errors.test.ts': {},
  'suites/sdk/openai-sdk-script.test.ts': {},
  'suites/sdk/sdk-errors.test.ts': {},
  'suites/sdk/sdk-script.test.ts': {},
};

export interface FileClaims {
  readonly claims: readonly Claim[];
  /** Why the file runs alone, when it does. */
  readonly alone?: string;
}

/** The claims of a test file (a path from the repository root). */
export function claimsOf(file: string): FileClaims {
  if (HARNESS_TESTS.test(file)) return { claims: [] };
  const access = SHARED_DATA[file] ?? { alone: UNDECLARED };
  if (access.alone) return { claims: [{ resource: RUN, mode: 'exclusive' }], alone: access.alone };
  return {
    claims: [
      { resource: RUN, mode: 'read' },
      ...(access.reads ?? []).map((resource): Claim => ({ resource, mode: 'read' })),
      ...(access.writes ?? []).map((resource): Claim => ({ resource, mode: 'write' })),
    ],
  };
}
