/**
 * The kill -9 test: the real fake (`node scripts/start.mjs --state FILE`) under concurrent writes through the
 * public and control API is killed with SIGKILL while requests are in flight, restarted on the same file, and
 * must hold every write a client saw acknowledged (2xx). A reader in this process checks the file is a whole
 * snapshot all along. Also: `npm start` refuses a bad state file with exit 2 and one line, leaving it untouched.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TargetConfig } from '../../contract/index.js';
import { DEFAULT_ADMIN_SECRET } from '../index.js';
import { type FakeProcess, spawnFake, startFakeProcess } from './fake-process.test-support.js';
import { decodeSnapshot } from './snapshot-format.js';

const LOAD_MS = 1_500;
const MAX_LOAD_MS = 12_000;
const dir = mkdtempSync(join(tmpdir(), 'fake-kill-nine-'));
const running: FakeProcess[] = [];
afterAll(async () => {
  for (const fake of running) {
    if (fake.child.exitCode === null && fake.child.signalCode === null) fake.child.kill('SIGKILL');
    await fake.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: { data?: unknown; message?: string };
}

/** Requests to one running fake; every call counts as in flight until it settles. */
function clientOf(target: TargetConfig) {
  let inFlight = 0;
  const send = async (url: string, headers: Record<string, string>, body: unknown): Promise<Answer> => {
    inFlight += 1;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Answer['body'] };
    } finally {
      inFlight -= 1;
    }
  };
  const controlUrl = target.control!.url;
  const secret = { 'x-control-secret': DEFAULT_ADMIN_SECRET };
  return {
    inFlight: () => inFlight,
    platform: (op: string, body: object, token = target.tokens.owner!) =>
      send(`${target.base_url}/${op}`, { authorization: `Bearer ${token}` }, body),
    integration: (op: string, body: object) =>
      send(`${target.base_url}/${op}`, { 'api-key': target.project_key! }, body),
    control: (path: string, body: object) => send(`${controlUrl}${path}`, secret, body),
    /** getSessionMessages takes a form body. */
    platformForm: async (op: string, body: Record<string, string>): Promise<Answer> => {
      const res = await fetch(`${target.base_url}/${op}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${target.tokens.owner}` },
        body: new URLSearchParams(body),
      });
      return { status: res.status, body: (await res.json()) as Answer['body'] };
    },
    controlGet: async (path: string): Promise<Answer> => {
      const res = await fetch(`${controlUrl}${path}`, { headers: secret });
      return { status: res.status, body: (await res.json()) as Answer['body'] };
    },
    /** A streamed RAG answer, read to its end; true when it was whole (the [DONE] event arrived). */
    ragStream: async (): Promise<boolean> => {
      inFlight += 1;
      try {
        const res = await fetch(`${target.base_url}/openai/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${target.project_key}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            model: 'gpt-4o-mini',
            stream: true,
            max_tokens: 8,
            messages: [{ role: 'user', content: 'How do refunds work?' }],
          }),
        });
        return res.status === 200 && (await res.text()).includes('data: [DONE]');
      } finally {
        inFlight -= 1;
      }
    },
  };
}

/** What clients saw acknowledged (and, for overwrites, the highest sequence number sent at all). */
interface Acknowledged {
  tokens: Map<string, string>;
  settings: { acked: number; sent: number };
  limit: { acked: number; sent: number };
  credits: { acked: number; sent: number };
  messages: Map<string, string[]>;
  ragStreams: number;
  failures: number;
}

/** Run a write loop until `stop()`; a request that fails (the fake is gone) is just not acknowledged. */
async function loop(
  stopped: () => boolean,
  ack: Acknowledged,
  step: (i: number) => Promise<void>,
): Promise<void> {
  for (let i = 1; !stopped(); i += 1) {
    try {
      await step(i);
    } catch {
      ack.failures += 1;
    }
  }
}

describe('the kill -9 test [FAKE-STATE-ACKNOWLEDGED-DURABLE]', () => {
  it('kill -9 under concurrent writes, restart on the same file: every acknowledged write is there, and the file was whole all along [FAKE-STATE-ACKNOWLEDGED-DURABLE, FAKE-STATE-ATOMIC, FAKE-STATE-FILE]', async () => {
    const stateFile = join(dir, 'state.json');
    const targetFile = join(dir, 'target.json');
    const first = await startFakeProcess(stateFile, targetFile);
    running.push(first);
    expect(first.output()).toContain('(created from the seed)');
    const c = clientOf(first.target);
    const other = await c.control('/organizations', {
      name: 'Durable Inc',
      owner: { name: 'Dee', email: 'dee@durable.example' },
      plan: 'advanced',
      credits: 10,
    });
    expect(other.status).toBe(200);
    const otherOrg = (other.body.data as { id: number }).id;
    // The first RAG request loads the tokenizer: not part of the load.
    expect(await c.ragStream()).toBe(true);
    const projectUid = first.target.project_uid!;
    const widget = first.target.widget_uid!;

    const ack: Acknowledged = {
      tokens: new Map(),
      settings: { acked: 0, sent: 0 },
      limit: { acked: 0, sent: 0 },
      credits: { acked: 0, sent: 0 },
      messages: new Map(),
      ragStreams: 0,
      failures: 0,
    };
    let killed = false;
    const stopped = () => killed;
    const tokenLoop = (worker: number) => async (i: number) => {
      const name = `kill-${worker}-${i}`;
      const res = await c.control('/tokens', {
        organization_id: 1,
        creator_user_id: 1,
        name,
        role: 'viewer',
      });
      if (res.status === 200) ack.tokens.set(name, (res.body.data as { value: string }).value);
    };
    const overwrite =
      (key: 'settings' | 'limit' | 'credits', send: (i: number) => Promise<Answer>) => async (i: number) => {
        ack[key].sent = i;
        if ((await send(i)).status === 200) ack[key].acked = i;
      };
    const widgetLoop = async () => {
      const created = await c.integration('createSession', { widget_uid: widget });
      if (created.status !== 200) return;
      const uid = (created.body.data as { session_uid: string }).session_uid;
      ack.messages.set(uid, []);
      for (const text of ['first question', 'second question']) {
        const message = `${text} ${uid}`;
        const res = await c.integration('sendMessage', { widget_uid: widget, session_uid: uid, message });
        if (res.status === 200) ack.messages.get(uid)!.push(message);
      }
    };

    // A reader in this process: the file, as the fake writes it from another process, is always a whole snapshot.
    let reads = 0;
    let torn = 0;
    const reader = (async () => {
      while (!killed) {
        try {
          decodeSnapshot(readFileSync(stateFile, 'utf8'));
        } catch {
          torn += 1;
        }
        reads += 1;
        await new Promise((r) => setTimeout(r, 10));
      }
    })();

    const loops = [
      loop(stopped, ack, tokenLoop(1)),
      loop(stopped, ack, tokenLoop(2)),
      loop(
        stopped,
        ack,
        overwrite('settings', (i) =>
          c.platform('updateProjectSettings', { project_uid: projectUid, prompt: `prompt ${i}` }),
        ),
      ),
      loop(
        stopped,
        ack,
        overwrite('limit', (i) =>
          c.platform('setProjectUsageLimit', {
            project_uid: projectUid,
            limits: [{ limit_type: 'document', limit: i }],
          }),
        ),
      ),
      loop(
        stopped,
        ack,
        overwrite('credits', (i) => c.control(`/organizations/${otherOrg}/credits`, { credits: i })),
      ),
      loop(stopped, ack, widgetLoop),
      loop(stopped, ack, widgetLoop),
      loop(stopped, ack, async () => {
        if (await c.ragStream()) ack.ragStreams += 1;
      }),
    ];
    // At least LOAD_MS of load, and on until every kind of write has been acknowledged a few times (a slow machine
    // gets there later), then kill while requests are in flight.
    const enough = () =>
      ack.tokens.size > 5 &&
      ack.settings.acked > 2 &&
      [...ack.messages.values()].filter((m) => m.length > 0).length > 2 &&
      ack.ragStreams > 0 &&
      reads > 5;
    const started = performance.now();
    while (performance.now() - started < LOAD_MS || (!enough() && performance.now() - started < MAX_LOAD_MS))
      await new Promise((r) => setTimeout(r, 20));
    const inFlightAtKill = c.inFlight();
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    killed = true;
    await Promise.all([...loops, reader]);

    const seen = JSON.stringify({
      ...ack,
      tokens: ack.tokens.size,
      messages: ack.messages.size,
      inFlightAtKill,
      reads,
    });
    expect(inFlightAtKill, seen).toBeGreaterThan(0);
    expect(ack.tokens.size, seen).toBeGreaterThan(5);
    expect(ack.settings.acked, seen).toBeGreaterThan(2);
    expect([...ack.messages.values()].filter((m) => m.length > 0).length, seen).toBeGreaterThan(2);
    expect(ack.ragStreams, seen).toBeGreaterThan(0);
    expect(reads, seen).toBeGreaterThan(5);
    expect(torn, seen).toBe(0);

    // Restart on the same file.
    const second = await startFakeProcess(stateFile, targetFile);
    running.push(second);
    expect(second.output()).toContain('(resumed from it)');
    expect(second.target.tokens).toEqual(first.target.tokens);
    expect(second.target.project_key).toBe(first.target.project_key);
    const r = clientOf(second.target);

    // Tokens: every acknowledged one is there with its value; every kill-* token there is whole and works.
    const tokens = (await r.controlGet('/tokens')).body.data as { name: string; value: string }[];
    const byName = new Map(tokens.map((t) => [t.name, t.value]));
    for (const [name, value] of ack.tokens) expect(byName.get(name), name).toBe(value);
    const ours = tokens.filter((t) => t.name.startsWith('kill-'));
    expect(ours.length - ack.tokens.size).toBeLessThanOrEqual(2); // at most one in flight per token loop
    for (const t of ours.slice(-4))
      expect((await r.platform('getMyProjects', {}, t.value)).status, t.name).toBe(200);

    // Overwrites: the value is the last acknowledged one or one sent after it (in flight at the kill).
    const project = (await r.controlGet(`/projects/${projectUid}`)).body.data as {
      settings: { prompt: string };
      limits: { document?: number };
    };
    const prompt = Number(project.settings.prompt.replace('prompt ', ''));
    expect(prompt).toBeGreaterThanOrEqual(ack.settings.acked);
    expect(prompt).toBeLessThanOrEqual(ack.settings.sent);
    expect(project.limits.document).toBeGreaterThanOrEqual(ack.limit.acked);
    expect(project.limits.document).toBeLessThanOrEqual(ack.limit.sent);
    const org = (await r.controlGet(`/organizations/${otherOrg}`)).body.data as { credits: number };
    expect(org.credits).toBeGreaterThanOrEqual(ack.credits.acked);
    expect(org.credits).toBeLessThanOrEqual(ack.credits.sent);

    // Widget sessions and messages: every acknowledged session and message is there.
    for (const [uid, sent] of ack.messages) {
      const res = await r.platformForm('getSessionMessages', {
        project_uid: projectUid,
        session_uid: uid,
        limit: '100',
      });
      expect(res.status, `session ${uid}`).toBe(200);
      const texts = (res.body.data as { message: string }[]).map((m) => m.message);
      for (const message of sent) expect(texts, `session ${uid}`).toContain(message);
    }

    // Every acknowledged RAG stream still counts against the project's hourly cap.
    const limits = (await r.controlGet('/rate-limits')).body.data as {
      counters: Record<string, { count: number }>;
    };
    const rag = Object.entries(limits.counters).find(([key]) => key.startsWith('rag:'))?.[1];
    expect(rag?.count).toBeGreaterThanOrEqual(ack.ragStreams);
  }, 60_000);
});

describe('npm start with a bad state file [FAKE-STATE-REFUSE-CORRUPT]', () => {
  it('exits 2 with one line naming the file and the problem, and leaves the file byte for byte [FAKE-STATE-REFUSE-CORRUPT, FAKE-STATE-FILE]', async () => {
    const file = join(dir, 'corrupt.json');
    writeFileSync(
      file,
      '{"format":"chatbot-platform-fake-state","version":1,"sha256":"00","payload":{"clock":',
    );
    const bytes = readFileSync(file);
    const run = spawnFake(['--state', file], { FAKE_TARGET_FILE: join(dir, 'unused-target.json') });
    expect(await run.exited).toBe(2);
    const lines = run.output().trim().split('\n');
    expect(lines).toEqual([
      `npm start: state file ${file}: not JSON (truncated or corrupt), not a fake state snapshot; refusing to start (the file is left as it is)`,
    ]);
    expect(readFileSync(file).equals(bytes)).toBe(true);

    const noFile = spawnFake(['--state'], {});
    expect(await noFile.exited).toBe(2);
    expect(noFile.output().trim()).toBe(
      'npm start: --state needs a value: --state FILE (--help lists the options)',
    );
  }, 60_000);
});
