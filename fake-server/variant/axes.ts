/**
 * The variant mode's switches (FAKE-VARIANT): which axes are on, checked by name wherever an axis changes
 * something; and the list of axes from createFakeServer's option or from FAKE_VARIANT.
 */
import {
  ALL_VARIANT_AXES,
  isVariantAxis,
  type VariantAxis,
  variantAxisIds,
} from '../../contract/variant-axes.js';

/** Whether `axis` is on for this domain (or anything else holding the runtime's axes). */
export const variantOn = (holder: { variant?: ReadonlySet<VariantAxis> }, axis: VariantAxis): boolean =>
  holder.variant?.has(axis) === true;

const known = `use '${ALL_VARIANT_AXES}' or a comma-separated list of: ${variantAxisIds.join(', ')}`;

/** The axes of `ids` in table order, once each; an id that names no axis throws an Error naming it. */
export function checkVariant(ids: readonly string[]): VariantAxis[] {
  const unknown = ids.filter((id) => !isVariantAxis(id));
  if (unknown.length > 0)
    throw new Error(`unknown variant axis ${unknown.map((id) => `'${id}'`).join(', ')}; ${known}`);
  return variantAxisIds.filter((id) => ids.includes(id));
}

/**
 * FAKE_VARIANT for `npm start`: unset or blank, no variant; `all`, every axis; otherwise a comma-separated list of
 * axis ids (spaces around them ignored). Throws an Error naming the variable when an id is unknown.
 */
export function variantFromEnv(env: Record<string, string | undefined>): VariantAxis[] {
  const raw = env.FAKE_VARIANT?.trim() ?? '';
  if (raw === '') return [];
  const ids = raw
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  if (ids.includes(ALL_VARIANT_AXES)) return [...variantAxisIds];
  try {
    return checkVariant(ids);
  } catch (err) {
    throw new Error(`FAKE_VARIANT=${raw}: ${(err as Error).message}`);
  }
}
