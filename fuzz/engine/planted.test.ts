/**
 * The engine's checks can fail: against the fake with one thing planted (a 500, a bare string, the envelope on a
 * RAG route, a stack trace, a dropped connection, a success without the contract data, a spoiled store, a broken
 * list), a short run flags exactly that, with the case to replay.
 */
import { describe, expect, it } from 'vitest';
import { ERROR } from '../../contract/index.js';
import { answer, fakeOnPort, type Plant } from '../fuzz.test-support.js';
import { runEngine } from './engine.js';

const ROOT = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');

async function runWith(plant: Plant, cases = 240) {
  const fake = await fakeOnPort(plant);
  try {
    return await runEngine(fake.target, {
      seed: 11,
      cases,
      concurrency: 8,
      epochSize: cases,
      timeoutMs: 5_000,
      keepFindings: 50,
      serverRoots: [ROOT],
    });
  } finally {
    await fake.close();
  }
}

const platformPath = (url: string | undefined) =>
  /^\/api\/v1\/get(MyProjects|OrganizationDetail|Stats|Sessions)\b/.test(url ?? '');
const envelope = (message: string) => JSON.stringify({ type: ERROR, message });

describe('planted faults are flagged by the check they break', () => {
  it('a 500 in the envelope fails no-5xx, and the finding names the case to replay [ERR-NEVER-5XX, FUZZ-REPRODUCIBLE]', async () => {
    const run = await runWith(
      (req, res) => platformPath(req.url) && answer(res, 500, envelope('Internal server error')),
    );
    expect(run.tally.checks['no-5xx'].fail).toBeGreaterThan(0);
    const finding = run.tally.findings.find((f) => f.check === 'no-5xx')!;
    expect(finding).toMatchObject({ seed: 11, statuses: [500] });
    expect(finding.index).toBeGreaterThanOrEqual(0);
    expect(run.tally.clean).toBe(false);
  });

  it('a bare string fails the shape check [FUZZ-ERROR-SHAPE, CONV-RESPONSE-JSON]', async () => {
    const run = await runWith((req, res) => platformPath(req.url) && answer(res, 200, 'OK', 'text/plain'));
    expect(run.tally.checks.shape.fail).toBeGreaterThan(0);
    expect(run.tally.findings.find((f) => f.check === 'shape')?.reason).toMatch(/is not JSON/);
  });

  it('the RXERROR envelope on a RAG route fails the shape check [FUZZ-ERROR-SHAPE, RAG-ERROR-SHAPE]', async () => {
    const run = await runWith(
      (req, res) => /\/openai\//.test(req.url ?? '') && answer(res, 400, envelope('Invalid params')),
    );
    const reasons = run.tally.findings.filter((f) => f.check === 'shape').map((f) => f.reason);
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons[0]).toMatch(/not the openai error body/);
  });

  it('a success that is not the contract data fails the shape check [FUZZ-ERROR-SHAPE, CONV-SUCCESS-ENVELOPE]', async () => {
    const run = await runWith(
      (req, res) =>
        platformPath(req.url) &&
        answer(res, 200, JSON.stringify({ type: 'RXSUCCESS', message: 'ok', data: 'nope' })),
    );
    expect(run.tally.findings.find((f) => f.check === 'shape')?.reason).toMatch(/success does not match/);
  });

  it('a stack trace or a server path in an error fails the leak check [FUZZ-NO-LEAK, ERR-NEVER-5XX]', async () => {
    const trace = `Bad request\n    at parse (${ROOT}/fake-server/http/body.ts:10:5)`;
    const run = await runWith((req, res) => platformPath(req.url) && answer(res, 400, envelope(trace)));
    expect(run.tally.checks['no-leak'].fail).toBeGreaterThan(0);
    expect(run.tally.findings.find((f) => f.check === 'no-leak')?.reason).toMatch(
      /stack frame|source location|server directory/,
    );
  });

  it('a dropped connection fails the answered check [FUZZ-NO-CRASH]', async () => {
    // Operations the engine's own preparation and state checks never call.
    const run = await runWith((req) => {
      if (
        !/^\/api\/v1\/(updateChatbot|inviteOrganizationMember|removeProjectUsageLimit)\b/.test(req.url ?? '')
      )
        return false;
      req.socket.destroy();
      return true;
    });
    expect(run.tally.checks.answered.fail).toBeGreaterThan(0);
    expect(run.tally.byStatus['no answer']).toBeGreaterThan(0);
  });

  it('a store spoiled after each reset fails the consistency check of the epoch [FUZZ-STATE-CONSISTENT, FAKE-CONSISTENCY-CHECK]', async () => {
    const run = await runWith((req, res, fake) => {
      if (req.url === '/_control/reset') {
        res.once('finish', () => {
          const message = [...fake.runtime.domain.state.messages.values()][0]!;
          fake.runtime.domain.state.messages.set(999_999, { ...message, id: 999_999, session_id: -1 });
        });
      }
      return false;
    }, 60);
    expect(run.epochs[0]!.state.consistency.consistent).toBe(false);
    expect(run.epochs[0]!.state.consistency.violations).toContainEqual({
      invariant: 'message-refs',
      detail: 'message 999999: session -1',
    });
  });

  it('a list operation that stops answering its envelope fails the list check [FUZZ-STATE-CONSISTENT]', async () => {
    let resets = 0;
    const run = await runWith((req, res) => {
      if (req.url === '/_control/reset') resets += 1;
      // Only once the epoch's cases are done: the state check comes after the rate-limit counters are cleared.
      if (req.url === '/_control/rate-limits/reset') resets = -1;
      return (
        resets === -1 &&
        req.url === '/api/v1/getOrganizationMembers' &&
        answer(res, 200, JSON.stringify({ type: 'RXSUCCESS', message: 'ok' }))
      );
    }, 60);
    expect(run.epochs[0]!.state.lists.filter((l) => !l.ok)).toEqual([
      {
        operation: 'getOrganizationMembers',
        ok: false,
        problem: expect.stringMatching(/not getOrganizationMembers's success envelope/),
      },
    ]);
  });
});
