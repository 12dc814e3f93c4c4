import { describe, expect, it } from 'vitest';
import { type Candidate, type CostBook, planRun, type Spend, type TestCost } from './budget-plan.js';

const test = (file: string, name: string, documented: string[]): Candidate => ({
  id: `${file}:${name}`,
  file,
  fullName: name,
  documented,
});

/** Costs by `file:name`; what entering a scope costs by `file:path` ('' the file). */
function book(costs: Record<string, TestCost>, scopes: Record<string, number> = {}): CostBook {
  return {
    test: (file, name) => costs[`${file}:${name}`],
    scope: (file, path): Spend => {
      const n = scopes[`${file}:${path}`];
      return n ? { 'the hooks of the file': n } : {};
    },
  };
}
const owner = (n: number, checked = true): TestCost => ({ spend: { 'the owner token': n }, checked });

describe('a run planned to fit its budget [HARNESS-BUDGET-PLAN]', () => {
  it('takes the most new documented clauses per request first, within the budget less its margin', () => {
    const a = test('f', 'a', ['X', 'Y']); // 2 clauses for 10
    const b = test('f', 'b', ['X']); // 1 clause for 1
    const c = test('f', 'c', ['Z']); // 1 clause for 80
    const plan = planRun({
      candidates: [a, b, c],
      costs: book({ 'f:a': owner(10), 'f:b': owner(1), 'f:c': owner(80) }),
      budget: 100,
      left: {},
    });
    expect(plan.usable).toBe(90);
    expect(plan.chosen.map((t) => t.fullName)).toEqual(['b', 'a']);
    expect(plan.requests).toBe(11);
    expect(plan.clauses).toEqual(['X', 'Y']);
    expect(plan.clausesPlannedOut).toEqual(['Z']);
    expect(plan.plannedOut[0]?.reason).toMatch(
      /^planned out \(budget\): about 80 requests, and the plan has 79 of 100 left/,
    );
  });

  it('keeps each credential within what it has left this hour, and says so', () => {
    const plan = planRun({
      candidates: [test('f', 'a', ['X']), test('f', 'b', ['Y'])],
      costs: book({ 'f:a': owner(30), 'f:b': { spend: { 'the viewer token': 5 }, checked: true } }),
      budget: 1000,
      left: { 'the owner token': 20 },
    });
    expect(plan.chosen.map((t) => t.fullName)).toEqual(['b']);
    expect(plan.plannedOut[0]?.reason).toMatch(
      /the owner token has 20 requests left this hour, the test needs about 30/,
    );
  });

  it("counts a file's hooks once, with its first test", () => {
    const plan = planRun({
      candidates: [test('f', 'a', ['X']), test('f', 'b', ['Y']), test('g', 'c', ['Z'])],
      costs: book({ 'f:a': owner(5), 'f:b': owner(5), 'g:c': owner(5) }, { 'f:': 20 }),
      budget: 40,
      left: {},
    });
    // usable 36: c (5) first, then a with f's hooks (25), then b (5): 35
    expect(plan.chosen.map((t) => t.fullName)).toEqual(['c', 'a', 'b']);
    expect(plan.requests).toBe(35);
  });

  it("costs a describe block's shared arrangement once, with whichever of its tests is chosen first", () => {
    // The block's first test paid 30 for a conversation its siblings then reused (cost-book.ts took it out of that
    // test): a sibling chosen alone pays it, and a second sibling does not pay it again.
    const plan = planRun({
      candidates: [
        test('f', 'messages > returns them', ['X']),
        test('f', 'messages > rejects limit 0', ['Y']),
        test('f', 'messages > rejects limit 101', ['Z']),
        test('f', 'other > reads', ['W']),
      ],
      costs: book(
        {
          'f:messages > returns them': owner(3),
          'f:messages > rejects limit 0': owner(1),
          'f:messages > rejects limit 101': owner(1),
          'f:other > reads': owner(40),
        },
        { 'f:messages': 30 },
      ),
      budget: 39,
      left: {},
    });
    // usable 35: limit 0 with the block (1 + 30), then limit 101 (1) and returns them (3) inside it: 35
    expect(plan.chosen.map((t) => t.fullName)).toEqual([
      'messages > rejects limit 0',
      'messages > rejects limit 101',
      'messages > returns them',
    ]);
    expect(plan.requests).toBe(35);
    expect(plan.plannedOut.map((t) => t.fullName)).toEqual(['other > reads']);
  });

  it('plans a test that checked nothing before at its cost, without counting on its clauses', () => {
    const idle = test('f', 'control only', ['X']);
    const plan = planRun({
      candidates: [idle, test('f', 'a', ['X'])],
      costs: book({ 'f:control only': owner(0, false), 'f:a': owner(3) }),
      budget: 100,
      left: {},
    });
    expect(plan.chosen.map((t) => t.fullName)).toEqual(['control only', 'a']);
    expect(plan.clauses).toEqual(['X']);
  });

  it("guesses a test the earlier run did not have at its file's median, and says it is a guess", () => {
    const plan = planRun({
      candidates: [
        test('f', 'a', ['X']),
        test('f', 'b', ['Y']),
        test('f', 'c', ['W']),
        test('f', 'new', ['Z']),
      ],
      costs: book({ 'f:a': owner(2), 'f:b': owner(4), 'f:c': owner(9) }),
      budget: 1000,
      left: {},
    });
    expect(plan.chosen.find((t) => t.fullName === 'new')).toMatchObject({ requests: 4, estimated: true });
  });

  it('guesses by the tests that ran, not by those that skipped and cost nothing', () => {
    // Eight control-only tests skipped at no cost: a guess of their median (0) let unmeasured tests in for free.
    const skipped = Array.from({ length: 8 }, (_, i) => test('f', `control ${i}`, ['C']));
    const costs: Record<string, TestCost> = { 'f:ran': owner(6) };
    for (const c of skipped) costs[`f:${c.fullName}`] = owner(0, false);
    const plan = planRun({
      candidates: [...skipped, test('f', 'ran', ['X']), test('f', 'unmeasured', ['Y'])],
      costs: book(costs),
      budget: 1000,
      left: {},
    });
    expect(plan.chosen.find((t) => t.fullName === 'unmeasured')).toMatchObject({
      requests: 6,
      estimated: true,
    });
  });

  it('after every clause is planned, fills what is left with the cheapest tests of planned clauses', () => {
    const plan = planRun({
      candidates: [
        test('f', 'a', ['X']),
        test('f', 'again', ['X']),
        test('f', 'dear', ['X']),
        test('f', 'none', []),
      ],
      costs: book({ 'f:a': owner(1), 'f:again': owner(2), 'f:dear': owner(50), 'f:none': owner(1) }),
      budget: 20,
      left: {},
    });
    expect(plan.chosen.map((t) => t.fullName)).toEqual(['a', 'again']);
    expect(plan.plannedOut.find((t) => t.fullName === 'none')?.reason).toMatch(/checks no documented clause/);
    expect(plan.plannedOut.find((t) => t.fullName === 'dear')?.reason).toMatch(/about 50 requests/);
  });
});
