/**
 * The credential a kept request went out with, by the name the report gives it (`the viewer token`, `the project
 * key`, `a test-made credential`, `no credential`; suites/target/target.ts credentialName): the name the exchange
 * note carries, else the one credential the test sent requests of that family with (suites/target/request-count.ts),
 * else what the headers show.
 */
import type { RequestOperation } from './request-operation.js';

export function credentialOf(
  found: RequestOperation,
  named: string | undefined,
  requests: Readonly<Record<string, number>> | undefined,
): string {
  if (named !== undefined) return named;
  const family = found.operation?.family ?? 'other';
  const used = Object.keys(requests ?? {})
    .filter((key) => key.startsWith(`${family}|`))
    .map((key) => key.slice(family.length + 1));
  if (used.length === 1) return used[0] as string;
  const { headers } = found.parts;
  if (headers.authorization !== undefined) return 'a Bearer credential';
  if (headers['api-key'] !== undefined || headers['x-api-key'] !== undefined) return 'a project key';
  return 'no credential';
}

/** The commonest base path of the requests (`/api/v1`): the target file's base_url, as the curl lines use it. */
export function commonBasePath(found: readonly RequestOperation[]): string | undefined {
  const counts = new Map<string, number>();
  for (const f of found)
    if (f.basePath !== undefined) counts.set(f.basePath, (counts.get(f.basePath) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0]?.[0];
}
