/** Bugs several rules share: a default order flipped, a bound enforced by clamping instead of refusing. */
import { editJson } from '../bodies.js';
import type { AlsoRed, Exchange } from '../rule.js';

/** A value outside its range accepted: the rule of the refusal's message is broken with the bound. */
export const NOT_REFUSED: AlsoRed = {
  clause: 'ERR-INVALID-PARAMS-MESSAGE',
  why: 'the rule that decides the refusal: a bad request body, a value of the documented type outside its documented range (its own example is `limit: 101`), gets the message `Invalid params`; a server that accepts the value answers no refusal at all',
};

/** A request without `orderBy` sent with `order` instead of the spec's default. */
export const withDefaultOrder = (req: Exchange, order: 'ASC' | 'DESC'): Exchange =>
  editJson(req, (body) => (body.orderBy === undefined ? { ...body, orderBy: order } : undefined));

/** A JSON `limit` above `max` sent as `max`: the server answers a full page instead of refusing. */
export const clampedLimit = (req: Exchange, max: number): Exchange =>
  editJson(req, (body) =>
    typeof body.limit === 'number' && body.limit > max ? { ...body, limit: max } : undefined,
  );
