/**
 * Paths: how an operation's path may be spelled (the routers ignore case and a trailing slash; org-level
 * operations are also under {org_base_url}; a query string is ignored), and which error shape a path is owed.
 */
import fc from 'fast-check';
import type { Operation } from '../../contract/index.js';
import type { Dialect } from '../case.js';
import type { FuzzContext } from '../context.js';

/** The error shape of a path, as the fake routes it: anything under {base_url}/openai or /anthropic is native. */
export function dialectOf(pathAndQuery: string, ctx: Pick<FuzzContext, 'basePath'>): Dialect {
  const path = (pathAndQuery.split('?')[0] ?? '').toLowerCase();
  const base = ctx.basePath.toLowerCase();
  for (const dialect of ['openai', 'anthropic'] as const) {
    const prefix = `${base}/${dialect}`;
    if (path === prefix || path.startsWith(`${prefix}/`)) return dialect;
  }
  return 'envelope';
}

const queryArb = fc.constantFrom(
  '?limit=1',
  '?__proto__[polluted]=1',
  '?constructor[prototype][x]=1',
  '?%zz=%E0%A4%A',
  '?a=1&a=2&a[]=3',
  `?q=${'x'.repeat(4000)}`,
  '?',
  '#fragment',
);

export interface PathVariant {
  readonly label: string;
  readonly path: string;
}

/** The operation's own path, spelled in one of the ways the fake must answer as that operation. */
export function operationPathArb(op: Operation, ctx: FuzzContext): fc.Arbitrary<PathVariant> {
  const exact = `${ctx.basePath}${op.path}`;
  const variants: fc.WeightedArbitrary<PathVariant>[] = [
    { arbitrary: fc.constant({ label: 'exact', path: exact }), weight: 20 },
    {
      arbitrary: fc.constant({ label: 'upper case', path: `${ctx.basePath}${op.path.toUpperCase()}` }),
      weight: 1,
    },
    { arbitrary: fc.constant({ label: 'trailing slash', path: `${exact}/` }), weight: 1 },
    {
      arbitrary: queryArb.map((q) => ({ label: `query ${q.slice(0, 24)}`, path: `${exact}${q}` })),
      weight: 2,
    },
  ];
  if (op.orgLevel)
    variants.push({
      arbitrary: fc.constant({ label: 'org base', path: `${ctx.orgBasePath}${op.path}` }),
      weight: 4,
    });
  return fc.oneof(...variants);
}
