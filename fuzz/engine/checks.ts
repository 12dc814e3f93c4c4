/**
 * The checks on one exchange, each named after its clause: the request was answered (FUZZ-NO-CRASH), with no
 * 5xx (FUZZ-NO-5XX), in the shape its path is owed (FUZZ-ERROR-SHAPE), with no internal detail (FUZZ-NO-LEAK).
 */
import { type Operation, operationById, operationForRequest } from '../../contract/index.js';
import { type FuzzCase, headerOf } from '../case.js';
import type { Exchange, FuzzResponse } from './exchange.js';
import type { LeakDetector } from './leak.js';
import { shapeProblem } from './shapes.js';

export const CHECKS = ['answered', 'no-5xx', 'shape', 'no-leak'] as const;
export type CheckName = (typeof CHECKS)[number];

export interface CheckResult {
  check: CheckName;
  ok: boolean;
  reason?: string;
}

const isOperation = (target: string) =>
  !['unknown-route', 'wrong-method', 'control-no-secret'].includes(target);

/** Whether the raw request's head has a header of this name. */
function rawHas(bytes: Buffer, name: string): boolean {
  const head = bytes.subarray(0, Math.max(0, bytes.indexOf('\r\n\r\n'))).toString('latin1');
  return new RegExp(`\\n${name}\\s*:`, 'i').test(head);
}

/**
 * The operation a success may be of. /searchIndexDocument is shared: with an api-key header and no Authorization
 * it is the project-key variant, otherwise the Platform one (as the routers decide).
 */
export function successOperation(c: FuzzCase): Operation | undefined {
  if (!isOperation(c.target)) return undefined;
  const has = (name: string) =>
    c.transport === 'http' ? headerOf(c.headers, name) !== undefined : rawHas(c.bytes, name);
  return operationForRequest(operationById(c.target).path, has);
}

/** Everything the request carried, as text (what an answer may echo without leaking anything). */
export function requestText(c: FuzzCase): string {
  if (c.transport === 'raw') return `${c.bytes.toString('latin1')}\n${c.bytes.toString('utf8')}`;
  const head = `${c.method} ${c.path}\n${c.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}`;
  const body = c.body ?? Buffer.alloc(0);
  return `${head}\n${body.toString('latin1')}\n${body.toString('utf8')}\n${decodeURIComponentSafe(c.path)}`;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const bodyless = (c: FuzzCase) => c.method === 'HEAD';

/** The shape problem of the `nth` answer (a different request following the first answers as no operation). */
function shapeOf(c: FuzzCase, res: FuzzResponse, nth: number): string | undefined {
  if (bodyless(c))
    return res.body.length === 0 ? undefined : `a HEAD answer with a ${res.body.length}-byte body`;
  if (nth > 0 && c.transport === 'raw' && c.followingDialect)
    return shapeProblem(c.followingDialect, res, undefined);
  return shapeProblem(c.dialect, res, successOperation(c));
}

export function checkExchange(c: FuzzCase, ex: Exchange, leaks: LeakDetector): CheckResult[] {
  const results: CheckResult[] = [
    { check: 'answered', ok: !ex.error, ...(ex.error ? { reason: ex.error } : {}) },
  ];
  if (ex.responses.length === 0) return results;
  const request = requestText(c);
  const first = <T>(each: (res: FuzzResponse, nth: number) => T | undefined): T | undefined => {
    for (const [nth, res] of ex.responses.entries()) {
      const found = each(res, nth);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const serverError = first((res) =>
    res.status >= 500 ? `status ${res.status}: ${res.body.subarray(0, 200).toString('utf8')}` : undefined,
  );
  const shape = first((res, nth) => shapeOf(c, res, nth));
  const leak = first((res) =>
    leaks.find(`${Object.values(res.headers).join('\n')}\n${res.body.toString('utf8')}`, request),
  );
  const result = (check: CheckName, reason: string | undefined): CheckResult => ({
    check,
    ok: reason === undefined,
    ...(reason !== undefined ? { reason } : {}),
  });
  results.push(result('no-5xx', serverError), result('shape', shape), result('no-leak', leak));
  return results;
}
