/**
 * The environment variables a k6 script reads, found in its sources rather than listed by hand: every `__ENV.NAME`
 * (k6's environment) and `env.NAME` (the same object, as loadConfig's `env`) in the files it loads. A read by a
 * computed name (`__ENV[name]`) would escape the scan, so those are reported for the test to refuse.
 */
const read = /\b(?:__ENV|env)\??\.([A-Z][A-Z0-9_]*)\b/g;
const computed = /\b(?:__ENV|env)\??\.?\[/g;

export function envVarsRead(sources: readonly string[]): Set<string> {
  return new Set(sources.flatMap((s) => [...s.matchAll(read)].map((m) => m[1]!)));
}

/** Reads by a computed name, as `file: excerpt`. */
export function computedEnvReads(files: Readonly<Record<string, string>>): string[] {
  return Object.entries(files).flatMap(([file, s]) =>
    [...s.matchAll(computed)].map((m) => `${file}: ${s.slice(m.index, m.index + 30)}`),
  );
}
