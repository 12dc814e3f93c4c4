/**
 * The whole fuzzer's input: one request, drawn from every family of the operation table and beyond it.
 * Shares: Platform operations 42%, Project Integration 12%, RAG 18%, unknown routes 6%, wrong methods 6%,
 * the control API without its secret 2%, raw-socket requests 14%.
 */
import fc from 'fast-check';
import {
  integrationOperations,
  type Operation,
  platformOperations,
  ragOperations,
} from '../../contract/index.js';
import type { FuzzCase } from '../case.js';
import type { FuzzContext } from '../context.js';
import { operationCaseArb } from './operation-case.js';
import { rawCaseArb } from './raw.js';
import { controlCaseArb, unknownRouteCaseArb, wrongMethodCaseArb } from './routes.js';

/** Operations of one family, each as likely as the others. */
const familyArb = (ops: readonly Operation[], ctx: FuzzContext): fc.Arbitrary<FuzzCase> =>
  fc.oneof(...ops.map((op) => operationCaseArb(op, ctx)));

export const FAMILY_WEIGHTS = {
  platform: 42,
  integration: 12,
  rag: 18,
  'unknown route': 6,
  'wrong method': 6,
  control: 2,
  raw: 14,
} as const;

export function fuzzCaseArb(ctx: FuzzContext): fc.Arbitrary<FuzzCase> {
  const w = FAMILY_WEIGHTS;
  return fc.oneof(
    { arbitrary: familyArb(platformOperations, ctx), weight: w.platform },
    { arbitrary: familyArb(integrationOperations, ctx), weight: w.integration },
    { arbitrary: familyArb(ragOperations, ctx), weight: w.rag },
    { arbitrary: unknownRouteCaseArb(ctx), weight: w['unknown route'] },
    { arbitrary: wrongMethodCaseArb(ctx), weight: w['wrong method'] },
    { arbitrary: controlCaseArb(ctx), weight: w.control },
    { arbitrary: rawCaseArb(ctx), weight: w.raw },
  );
}
