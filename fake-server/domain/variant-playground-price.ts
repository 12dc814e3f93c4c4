/**
 * `playground-price-by-length` (FAKE-VARIANT): "Each call deducts credits by model" does not say per call. The variant
 * prices a playground call by its model and by the length of its question: the model's price per call plus one
 * thousandth of a credit per character of the query, so two calls of one model cost the same only when their
 * questions are as long.
 */
import type { SupportedModelEntry } from './state.js';

export const pricedByLength = (model: SupportedModelEntry, query: string): number =>
  Math.round((model.credits_per_call + query.length / 1000) * 1000) / 1000;
