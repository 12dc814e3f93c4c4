/** The contract's operation table (contract/operations.ts `access`) is the spec's table (support/access-model.ts). */
import { describe, expect, it } from 'vitest';
import { operationById, platformOperations } from '../../contract/index.js';
import { ACCESS_CLAUSE, SPEC_ACCESS_TABLE, specOperationIds } from '../support/access-model.js';

describe('the contract’s operation table is the spec’s table', () => {
  it('every Platform operation has a row, and no other [AUTH-ROLE-OR-PERMISSION]', () => {
    expect(platformOperations.map((o) => o.id).sort()).toEqual([...specOperationIds].sort());
  });

  for (const op of specOperationIds) {
    it(`contract access of ${op} matches the spec row [${ACCESS_CLAUSE[op]}]`, () => {
      const access = operationById(op).access!;
      const row = SPEC_ACCESS_TABLE[op] as {
        any?: true;
        roles: readonly string[];
        fine?: readonly [string, string];
        level: string;
      };
      expect(Boolean(access.any)).toBe(Boolean(row.any));
      expect([...access.roles].sort()).toEqual([...row.roles].sort());
      expect(access.fineGrained ? [access.fineGrained.module, access.fineGrained.action] : undefined).toEqual(
        row.fine ? [...row.fine] : undefined,
      );
      expect(access.level).toBe(row.level);
      expect(Boolean(operationById(op).projectScoped)).toBe(row.level === 'project');
    });
  }
});
