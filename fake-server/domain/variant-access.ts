/**
 * `auth-not-shown` (FAKE-VARIANT): the spec does not show who may call getStats and getSupportedModels. The variant
 * is stricter than the fake's default on both, after the default check: getStats needs role Owner or Editor;
 * getSupportedModels refuses a token whose creator has the billing role. Both with the documented 403.
 */
import type { AccessRule } from '../../contract/index.js';
import { variantOn } from '../variant/axes.js';
import type { PlatformCaller } from './authentication.js';
import { requireOperation } from './authorization.js';
import type { DomainContext } from './context.js';
import { errors } from './errors.js';

const statsAccess: AccessRule = { roles: ['owner', 'editor'], level: 'project' };

export function requireVariantAccess(
  domain: DomainContext,
  operationId: string,
  caller: PlatformCaller,
): void {
  if (!variantOn(domain, 'auth-not-shown')) return;
  if (operationId === 'getStats') requireOperation(caller, statsAccess);
  if (operationId === 'getSupportedModels' && caller.creator.role === 'billing') throw errors.forbidden();
}
