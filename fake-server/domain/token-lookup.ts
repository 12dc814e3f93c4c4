/**
 * Finding a Platform token by its value without scanning every token on every request. The index is checked on
 * each use (the token is still in the store under its id and still has that value), so a regenerated, replaced or
 * removed token is never found by an old value, and a miss falls back to the scan; nothing needs invalidating.
 */
import type { ApiToken } from './state.js';

type TokenStore = Map<number, ApiToken>;

/** Per token store (a reset makes a new one): value → token, as last found. */
const indexes = new WeakMap<TokenStore, Map<string, ApiToken>>();

/** The token with this value, as a scan of the store in order would find it (values are unique). */
export function tokenByValue(tokens: TokenStore, value: string): ApiToken | undefined {
  let index = indexes.get(tokens);
  if (!index) {
    index = new Map();
    indexes.set(tokens, index);
  }
  const kept = index.get(value);
  if (kept && kept.value === value && tokens.get(kept.id) === kept) return kept;
  for (const t of tokens.values()) {
    if (t.value === value) {
      // Old values of regenerated tokens linger until the index outgrows the store; then it starts over.
      if (index.size >= 2 * tokens.size + 64) index.clear();
      index.set(value, t);
      return t;
    }
  }
  return undefined;
}
