/**
 * `no-body-limit` (FAKE-VARIANT): the spec states no limit on the size of a request body (ERR-BODY-TOO-LARGE
 * flipped), so a server may read any. Under the axis a public request's body of several megabytes is read like any
 * other instead of getting 413 over 1 MiB. A ceiling stays, far above the default limit, only to keep one request
 * from filling the process's memory: a body over 20 MiB is still refused with 413.
 */
import { httpInput } from '../../contract/index.js';
import type { DomainContext } from '../domain/context.js';
import { variantOn } from '../variant/axes.js';

/** The variant's ceiling: 20 MiB. */
export const VARIANT_BODY_CEILING = 20 * 1024 * 1024;

/** The largest body a public request may have: the contract's limit, or under the axis the ceiling. */
export const publicBodyLimit = (domain: DomainContext): number =>
  variantOn(domain, 'no-body-limit') ? VARIANT_BODY_CEILING : httpInput.maxBodyBytes;
