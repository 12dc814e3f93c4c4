/**
 * The words of the OpenAPI document (issue 35): each operation's summary and description come from the spec's own
 * words, the quotes of the documented clauses about it (contract/clauses/: every documented clause quotes the spec
 * verbatim). An operation's row of the spec's endpoint tables comes first, then its row of the access table, then
 * the other sentences that name it. Nothing here is invented: a quote is the spec's, or the generated fallback says
 * it is the operation table's.
 */
import { clauses } from './clauses/index.js';
import type { Operation } from './operations.js';

/** Documented quotes that name the operation (its path, or its id as the access table writes it). */
function quotesAbout(op: Operation): string[] {
  const path = op.path.replace(/^\//, '');
  const names = [`/${path}`, `| ${op.id} |`];
  const quotes = clauses
    .filter((c) => c.kind === 'documented')
    .flatMap((c) => c.quote ?? [])
    .filter((q) => names.some((n) => q.includes(n)));
  return [...new Set(quotes)];
}

/** `| POST /getStats | a | b |` → [`POST /getStats`, `a`, `b`]. */
const cells = (row: string): string[] =>
  row
    .split('|')
    .map((c) => c.trim())
    .filter((c) => c !== '');

const isEndpointRow = (q: string, op: Operation) => q.trimStart().startsWith(`| POST ${op.path} |`);
const isAccessRow = (q: string, op: Operation) => q.trimStart().startsWith(`| ${op.id} |`);

const rank = (q: string, op: Operation) => (isEndpointRow(q, op) ? 0 : isAccessRow(q, op) ? 1 : 2);

export interface OperationWords {
  readonly summary: string;
  readonly description: string;
}

const SUMMARY_MAX = 120;

export function operationWords(ops: readonly Operation[]): OperationWords {
  const quotes = ops
    .flatMap((op) => quotesAbout(op).map((q) => ({ q, r: rank(q, op), op })))
    .sort((a, b) => a.r - b.r);
  // A quote that another quote holds whole says nothing more (clauses quote parts of one table row).
  const unique = quotes.filter(
    ({ q }, i) => !quotes.some((o, j) => (o.q.includes(q) && o.q !== q) || (o.q === q && j < i)),
  );
  const ids = ops.map((o) => o.id).join(' or ');
  // The fullest quote of its endpoint-table row.
  const row = unique.filter((x) => x.r === 0).sort((a, b) => b.q.length - a.q.length)[0];
  const access = unique.find((x) => x.r === 1);
  const summaryText = row
    ? `${ids}: ${cells(row.q).slice(1).join('; ')}`
    : access
      ? `${ids}: who may call it: ${cells(access.q).slice(1).join('; ')}`
      : `${ids} (${ops.map((o) => `${o.family}, ${o.credential}`).join('; ')})`;
  const summary =
    summaryText.length > SUMMARY_MAX ? `${summaryText.slice(0, SUMMARY_MAX - 1).trimEnd()}…` : summaryText;
  const description =
    unique.length > 0
      ? [
          'In the words of the spec (the quotes of the documented clauses about this operation):',
          ...unique.map(({ q }) => `> ${q.replace(/\s*\n\s*/g, ' ')}`),
        ].join('\n\n')
      : `${ids}: from the operation table of contract/operations.ts (no documented clause quotes it).`;
  return { summary, description };
}
