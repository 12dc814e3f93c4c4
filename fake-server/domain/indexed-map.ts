/**
 * A Map that keeps secondary indexes up to date through its own `set`/`delete`/`clear`, and that counts, with a cost
 * counter attached (cost.ts, FAKE-PAGE-COST), every record an iteration over the whole map visits. The stores of
 * store-indexes.ts, session-store.ts and organization-stores.ts build on it; to every other reader it is a plain Map.
 */
import { type CostCounter, visit } from './cost.js';

/** Get-or-create in a map of per-key collections. */
export function bucket<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

export abstract class IndexedMap<T> extends Map<number, T> {
  cost: CostCounter | undefined = undefined;

  protected abstract index(t: T): void;
  protected abstract unindex(t: T): void;
  protected abstract clearIndexes(): void;

  override set(key: number, value: T): this {
    const previous = super.get(key);
    if (previous === value) return this;
    if (previous !== undefined) this.unindex(previous);
    super.set(key, value);
    this.index(value);
    return this;
  }

  override delete(key: number): boolean {
    const previous = super.get(key);
    if (previous === undefined) return super.delete(key);
    super.delete(key);
    this.unindex(previous);
    return true;
  }

  override clear(): void {
    super.clear();
    this.clearIndexes();
  }

  override values() {
    visit(this.cost, this.size);
    return super.values();
  }

  override entries() {
    visit(this.cost, this.size);
    return super.entries();
  }

  override [Symbol.iterator]() {
    visit(this.cost, this.size);
    return super[Symbol.iterator]();
  }

  override forEach(each: (value: T, key: number, map: Map<number, T>) => void, thisArg?: unknown): void {
    visit(this.cost, this.size);
    super.forEach(each, thisArg);
  }
}
