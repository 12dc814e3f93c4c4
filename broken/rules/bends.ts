/** Bugs several rules share: a default order flipped, a bound enforced by clamping instead of refusing. */
import { editJson } from '../bodies.js';
import type { Exchange } from '../rule.js';

/** A request without `orderBy` sent with `order` instead of the spec's default. */
export const withDefaultOrder = (req: Exchange, order: 'ASC' | 'DESC'): Exchange =>
  editJson(req, (body) => (body.orderBy === undefined ? { ...body, orderBy: order } : undefined));

/** A JSON `limit` above `max` sent as `max`: the server answers a full page instead of refusing. */
export const clampedLimit = (req: Exchange, max: number): Exchange =>
  editJson(req, (body) =>
    typeof body.limit === 'number' && body.limit > max ? { ...body, limit: max } : undefined,
  );
