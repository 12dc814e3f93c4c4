/**
 * Which operation a kept request is, and under which base address: a request note carries the whole path
 * (`/api/v1/updateProjectSettings`), the operation table paths relative to {base_url} (`/updateProjectSettings`), so
 * the longest tail of the path that names an operation (contract/operations.ts operationForRequest, with the headers
 * the request carried) decides, and what comes before it is the base address's own path.
 */
import { type Operation, operationForRequest } from '../../contract/operations.js';
import { type NoteParts, partsOf, requestLine } from './exchange-parts.js';

export interface RequestOperation {
  /** The operation, when the path names one. */
  readonly operation?: Operation;
  /** The path of the base address the request went to (`/api/v1`), when an operation was found. */
  readonly basePath?: string;
  readonly method: string;
  /** The path as sent (without the query). */
  readonly path: string;
  readonly parts: NoteParts;
}

export function requestOperation(note: string): RequestOperation {
  const parts = partsOf(note);
  const { method, path: whole } = requestLine(note);
  const path = whole.split('?')[0] ?? whole;
  const has = (header: string) => header in parts.headers;
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    const tail = `/${segments.slice(i).join('/')}`;
    const operation = operationForRequest(tail, has);
    if (operation) return { operation, basePath: segments.slice(0, i).join('/'), method, path, parts };
  }
  return { method, path, parts };
}

/** A family as a reader names it: Platform, Project Integration, RAG openai, RAG anthropic. */
export function familyName(found: RequestOperation): string {
  const op = found.operation;
  if (!op) return 'outside the operation table';
  if (op.family === 'platform') return 'Platform';
  if (op.family === 'integration') return 'Project Integration';
  return op.id === 'anthropicMessages' ? 'RAG anthropic' : 'RAG openai';
}

/** The operation's id, else the request line. */
export const operationName = (found: RequestOperation): string =>
  found.operation?.id ?? `${found.method} ${found.path}`;
