/** The distinct tests among a group's members, counted, and the first few of them named (likely defects, server errors). */

export interface TestRef {
  readonly fullName: string;
  readonly file: string;
}

export function distinctTests(
  members: readonly TestRef[],
  named: number,
): { readonly count: number; readonly first: readonly TestRef[] } {
  const seen = new Map<string, TestRef>();
  for (const t of members) {
    const key = `${t.file}\u0000${t.fullName}`;
    if (!seen.has(key)) seen.set(key, { fullName: t.fullName, file: t.file });
  }
  return { count: seen.size, first: [...seen.values()].slice(0, named) };
}
