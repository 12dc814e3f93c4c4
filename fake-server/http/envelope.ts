/** Writing the spec's envelopes onto a Koa context. */
import type { Context } from 'koa';
import { ERROR, SUCCESS } from '../../contract/index.js';
import type { ErrorDetail } from '../domain/errors.js';

export interface Success {
  message: string;
  data?: unknown;
  total?: number;
}

export function sendSuccess(ctx: Context, result: Success): void {
  ctx.status = 200;
  ctx.body = {
    type: SUCCESS,
    message: result.message,
    // Stryker disable next-line ConditionalExpression: equivalent; a field whose value is undefined is left out of the JSON body either way
    ...(result.data !== undefined ? { data: result.data } : {}),
    // Stryker disable next-line ConditionalExpression: equivalent; as above, for total
    ...(result.total !== undefined ? { total: result.total } : {}),
  };
}

export function sendError(
  ctx: Context,
  status: number,
  message: string,
  details?: readonly ErrorDetail[],
): void {
  ctx.status = status;
  ctx.body = { type: ERROR, message, ...(details && details.length > 0 ? { errors: details } : {}) };
}
