/**
 * A token refused or let through as the spec's access table says, outside the tables (suites/support/access-table.ts):
 * the status bound to the table's row and the one rule that decides the case (access-model.ts decidedBy), then the
 * refusal's envelope and message under their own clauses (issue 39, "one defect, one red").
 */
import type { MemberRole } from '../../contract/index.js';
import type { RawResponse } from '../target/transport.js';
import { decidedBy, type SpecOperationId, type TokenGrant } from './access-model.js';
import { expectError, statusBy } from './envelope.js';
import { FORBIDDEN } from './messages.js';

/** `res` is the documented 403 for a token with `token` (made by a `creator`) calling `op`. */
export function expectForbidden(
  res: RawResponse,
  op: SpecOperationId,
  token: TokenGrant,
  creator: MemberRole = 'owner',
): void {
  statusBy(decidedBy(op, token, creator), res, 403);
  expectError(res, 403, FORBIDDEN);
}

/** A token that holds only this role, as the access table reads it. */
export const roleOnly = (role: 'owner' | 'editor' | 'viewer'): TokenGrant => ({ role, permissions: [] });
