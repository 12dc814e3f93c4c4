/**
 * Routing choices of the variant (FAKE-VARIANT), made before any router: `org-base-url` (which operations
 * {org_base_url} serves) and `version-path` (what another version of the base path answers, and the version header).
 */
import escapeStringRegexp from 'escape-string-regexp';
import type { Context } from 'koa';
import { operationByPath } from '../../contract/operations.js';
import type { VariantAxis } from '../../contract/variant-axes.js';

export interface Mounts {
  basePath: string;
  orgBasePath: string;
}

/** The operations {org_base_url} still serves under `org-base-url`. */
const servedAtOrgBase = new Set([
  'getOrganizationDetail',
  'getOrganizationMembers',
  'inviteOrganizationMember',
]);

export const API_VERSION = 'v1';
export const VERSION_HEADER = 'X-API-Version';
export const ROUTE_NOT_FOUND = 'Route not found';
export const unsupportedVersion = (version: string) =>
  `Unsupported API version '${version}'; this server serves ${API_VERSION}`;

/** A pattern matching `base` with its `/v1` segment replaced by any version, capturing the version. */
function otherVersions(base: string): RegExp | null {
  const at = base.search(/\/v1(?=\/|$)/i);
  if (at < 0) return null;
  const before = escapeStringRegexp(base.slice(0, at));
  const after = escapeStringRegexp(base.slice(at + 3));
  return new RegExp(`^${before}/(v\\d[\\w.-]*)${after}(?:/|$)`, 'i');
}

/** What the pre-router checks answer: the error status and message of a refused request, or null to go on. */
export interface Refusal {
  status: number;
  message: string;
  /** The status is the axis's own choice, which no other axis changes. */
  final?: boolean;
}

/** The pre-router checks for `mounts` (patterns built once); each call applies the axes that are on. */
export function variantRoutes(mounts: Mounts) {
  const versioned = [mounts.basePath, mounts.orgBasePath].map(otherVersions).filter((p) => p !== null);
  const orgRoot = `${mounts.orgBasePath.toLowerCase().replace(/\/+$/, '')}/`;
  const separateOrgBase = mounts.orgBasePath.toLowerCase() !== mounts.basePath.toLowerCase();

  return (ctx: Context, axes: ReadonlySet<VariantAxis>): Refusal | null => {
    if (axes.has('version-path')) {
      ctx.set(VERSION_HEADER, API_VERSION);
      for (const pattern of versioned) {
        const version = pattern.exec(ctx.path)?.[1];
        if (version !== undefined && version.toLowerCase() !== API_VERSION)
          return { status: 400, message: unsupportedVersion(version), final: true };
      }
    }
    if (axes.has('org-base-url') && separateOrgBase) {
      const lower = ctx.path.toLowerCase();
      if (lower.startsWith(orgRoot)) {
        const op = operationByPath(lower.slice(orgRoot.length - 1));
        if (op?.orgLevel && !servedAtOrgBase.has(op.id)) return { status: 404, message: ROUTE_NOT_FOUND };
      }
    }
    return null;
  };
}
