/**
 * How k6 divides a run between instances, as pure arithmetic, so a distributed cap run knows what each instance
 * sends. k6-operator starts `parallelism` instances with `--execution-segment i/N:(i+1)/N` over the sequence
 * `0,1/N,…,1`; k6 then scales each executor's numbers per segment with its striping algorithm (k6
 * lib/execution_segment.go: NewExecutionSegmentSequenceWrapper, ExecutionTuple.ScaleInt64). For shared-iterations
 * (lib/executor/shared_iterations.go) the VUs are scaled over the equal segments, and the iterations over segments
 * re-cut in proportion to those VUs (GetNewExecutionTupleFromValue), so an instance with no VU gets no iteration.
 */

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

function positiveInt(label: string, n: number, min: number): void {
  if (!Number.isInteger(n) || n < min) throw new RangeError(`${label} must be an integer ≥ ${min}, got ${n}`);
}

/**
 * k6's striping over a full sequence of segments whose lengths are `weights[i] / sum(weights)`: the elements
 * 0…lcd-1 of every block of lcd elements are dealt to the segments (largest first, ties in sequence order). Returns
 * each segment's count per block and the owner of each element of a block.
 */
function stripes(weights: readonly number[]): { lcd: number; perBlock: number[]; owner: number[] } {
  if (weights.length === 0) throw new RangeError('weights must not be empty');
  for (const w of weights) positiveInt('weight', w, 1);
  const g = weights.reduce(gcd);
  const perBlock = weights.map((w) => w / g);
  const lcd = perBlock.reduce((a, b) => a + b, 0);
  const order = perBlock.map((n, i) => ({ n, i })).sort((a, b) => b.n - a.n || a.i - b.i);
  const chosen = order.map(() => 0);
  const owner: number[] = [];
  for (let element = 0; element < lcd; element += 1) {
    for (let s = 0; s < order.length; s += 1) {
      const num = chosen[s]! * lcd;
      const denom = order[s]!.n;
      const threshold = Math.floor(num / denom);
      if (element > threshold || (element === threshold && num % denom === 0)) {
        chosen[s]! += 1;
        owner[element] = order[s]!.i;
        break;
      }
    }
  }
  return { lcd, perBlock, owner };
}

/** k6's ScaleInt64 of `value` for every segment: its elements of each whole block and of the last, partial one. */
export function stripedShares(value: number, weights: readonly number[]): number[] {
  positiveInt('value', value, 0);
  const { lcd, perBlock, owner } = stripes(weights);
  const rest = owner.slice(0, value % lcd);
  return perBlock.map((n, i) => Math.floor(value / lcd) * n + rest.filter((o) => o === i).length);
}

/** The elements of 0…value-1 that segment `segment` takes (k6's SegmentedIndex: its iterationInTest values). */
export function stripedIndices(value: number, weights: readonly number[], segment: number): number[] {
  positiveInt('value', value, 0);
  const { lcd, owner } = stripes(weights);
  const out: number[] = [];
  for (let e = 0; e < value; e += 1) if (owner[e % lcd] === segment) out.push(e);
  return out;
}

/** One instance's part of a shared-iterations scenario. */
export interface InstanceShare {
  /** 0-based, in the order of k6-operator's runners (its runner n has index n - 1). */
  index: number;
  vus: number;
  iterations: number;
}

const equalWeights = (n: number): number[] => Array.from({ length: n }, () => 1);

/** What each of `instances` equal execution segments runs of a shared-iterations scenario of `iterations` over `vus`. */
export function sharedIterationShares(iterations: number, vus: number, instances: number): InstanceShare[] {
  positiveInt('iterations', iterations, 1);
  positiveInt('vus', vus, 1);
  positiveInt('instances', instances, 1);
  const vuShares = stripedShares(vus, equalWeights(instances));
  const withVus = vuShares.filter((v) => v > 0);
  const iterationShares = stripedShares(iterations, withVus);
  let next = 0;
  return vuShares.map((v, index) => ({ index, vus: v, iterations: v > 0 ? iterationShares[next++]! : 0 }));
}

/** The iterationInTest values instance `index` runs of such a scenario (none without a VU). */
export function sharedIterationIndices(
  iterations: number,
  vus: number,
  instances: number,
  index: number,
): number[] {
  const vuShares = sharedIterationShares(iterations, vus, instances).map((s) => s.vus);
  if (!vuShares[index]) return [];
  const withVus = vuShares.filter((v) => v > 0);
  return stripedIndices(iterations, withVus, vuShares.slice(0, index).filter((v) => v > 0).length);
}
