/** One provider state of the catalogue: its name, version, what it means, its params and the data it returns. */
import { z } from 'zod';
import { IsoDateTime } from '../resources/datetime.js';
import { TeardownHandle } from './protocol.js';

export interface ProviderStateDefinition<
  N extends string = string,
  P extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
> {
  readonly name: N;
  /** Bumped when the params or the data change incompatibly; the suite uses a state only at its own version. */
  readonly version: number;
  /** What the state is, for the backend team that implements it. */
  readonly description: string;
  /** How a real backend produces it (the table of docs/qa-staging.md). */
  readonly produce: string;
  /** The params the state takes (every field has a default or is optional unless said otherwise). */
  readonly params: P;
  /** What entering it returns in `data`. */
  readonly data: D;
}

export const defineState = <const N extends string, P extends z.ZodType, D extends z.ZodType>(
  definition: ProviderStateDefinition<N, P, D>,
): ProviderStateDefinition<N, P, D> => definition;

/** Every state's data may carry the handle that undoes it. */
export const withTeardown = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ ...shape, teardown: TeardownHandle.optional() });

// Shared fields.
export const OrganizationId = z.number().int().positive();
export const UserId = z.number().int().positive();
export const ProjectUid = z.string().min(1).max(200);
export const TokenValue = z.string().startsWith('api-v1-');
export const ProjectKeyValue = z.string().startsWith('apk-');
/** A token's id as the deployment knows it (the public API never shows it). */
export const TokenId = z.union([z.number().int(), z.string().min(1)]);
export const SessionUid = z.number().int();
/** A calendar day, YYYY-MM-DD (UTC). */
export const Day = z.iso.date();
export { IsoDateTime };

/**
 * Where a state builds: `organization_id` (an organization `organization` made, or any the deployment lets the
 * suite use); absent, the organization the target config's tokens belong to.
 */
export const inOrganization = {
  organization_id: OrganizationId.optional(),
};

/**
 * A project a state fills: `project_uid` (a project of the organization); absent, a fresh project whose members
 * are the organization's owners, so the target's owner token reaches it.
 */
export const inProject = {
  ...inOrganization,
  project_uid: ProjectUid.optional(),
};

/** What every state that works in a project returns about it; `project_key` is a new key of that project. */
export const projectData = {
  organization_id: OrganizationId,
  project_uid: ProjectUid,
  widget_uid: z.string().min(1),
  project_key: ProjectKeyValue,
};
