/** fast-check arbitraries for tokens, roles, permissions, scopes and lifecycle steps. */
import fc from 'fast-check';
import {
  type MemberRole,
  memberRoles,
  type Permission,
  permissionActions,
  permissionModules,
  type TokenRole,
  tokenRoles,
} from '../../../contract/index.js';
import { type AccessCase, type ScopeCase, type SpecOperationId, specOperationIds } from '../access-model.js';

/** Every (module, action) pair the spec names. */
export const allPermissions: readonly Permission[] = permissionModules.flatMap((module) =>
  permissionActions.map((action) => ({ module, action })),
);

/** A token's access role, or none. */
export const tokenRoleArb: fc.Arbitrary<TokenRole | null> = fc.constantFrom<TokenRole | null>(
  null,
  ...tokenRoles,
);

/** A set of fine-grained permissions (possibly empty), in a canonical order. */
export const permissionSetArb: fc.Arbitrary<Permission[]> = fc.subarray([...allPermissions]);

/** Role and permissions with at least one of them set (TOKEN-ROLE-OR-PERMISSIONS-REQUIRED). */
export const tokenGrantArb = fc
  .record({ role: tokenRoleArb, permissions: permissionSetArb })
  .filter((g) => g.role !== null || g.permissions.length > 0);

export const creatorRoleArb: fc.Arbitrary<MemberRole> = fc.constantFrom(...memberRoles);

export const scopeCaseArb: fc.Arbitrary<ScopeCase> = fc.constantFrom('all', 'selected-in', 'selected-out');

export const platformOperationArb: fc.Arbitrary<SpecOperationId> = fc.constantFrom(...specOperationIds);

export const accessCaseArb: fc.Arbitrary<AccessCase> = fc.record({
  token: tokenGrantArb,
  scope: scopeCaseArb,
  creatorRole: creatorRoleArb,
  creatorIsProjectMember: fc.boolean(),
  operation: platformOperationArb,
});

/** Expiration of a token under lifecycle test: none, a 7-day preset, or a custom instant some hours ahead. */
export type LifecycleExpiry = { kind: 'none' } | { kind: '7' } | { kind: 'custom'; hours: number };

export const lifecycleExpiryArb: fc.Arbitrary<LifecycleExpiry> = fc.oneof(
  fc.constant({ kind: 'none' } as const),
  fc.constant({ kind: '7' } as const),
  fc.record({ kind: fc.constant('custom' as const), hours: fc.integer({ min: 1, max: 240 }) }),
);

/** How far one clock step moves: from a minute to a little over a week. */
export const clockStepMsArb: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(60_000, 3_600_000, 86_400_000, 3 * 86_400_000, 8 * 86_400_000),
  fc.integer({ min: 1, max: 5 * 86_400_000 }),
);
