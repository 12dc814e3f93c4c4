import { z } from 'zod';

/** ISO 8601 datetime string as the spec's resources carry it. */
export const IsoDateTime = z.iso.datetime({ offset: true });
