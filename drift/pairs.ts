/**
 * Recorded interactions paired with the fake's answers (DRIFT-COMPARE-SHAPES): every cassette's requests, control API
 * calls included, go to one fresh in-memory fake in recorded order, translated to the fake's own credentials and
 * ids (value-map.ts). A run of identical requests (a burst against a cap) is paired by status, since the order in
 * which concurrent requests reached the deployment is not the order they were sent.
 */
import { CLAUSE_ID_PATTERN } from '../contract/clauses/index.js';
import { operationByPath } from '../contract/operations.js';
import type { TargetConfig } from '../contract/target-config.js';
import { createFakeServer } from '../fake-server/index.js';
import { bodyBytes } from '../recording/body.js';
import type { Cassette, Interaction } from '../recording/cassette.js';
import { secretsOf } from '../recording/cassette-set.js';
import { keyOf, sameRequest } from '../recording/matching.js';
import { Redactor } from '../recording/redaction.js';
import { askFake } from './fake-dispatch.js';
import type { DriftAnswer, DriftPair } from './types.js';
import { ValueMap } from './value-map.js';

type Answer = DriftAnswer & { ended: string };
interface Asked {
  recorded: Interaction;
  fake: Answer | undefined;
  /** The fake's body before redaction. */
  raw?: string;
  error?: string;
}
const FAKE_PATHS = { base: '/api/v1', org: '/org/api/v1', control: '/_control', states: '/_provider-states' };
type Area = keyof typeof FAKE_PATHS;

export async function pairsAgainstFake(
  recorded: TargetConfig,
  cassettes: Map<string, Cassette>,
  options: { seed: number },
): Promise<DriftPair[]> {
  const fake = createFakeServer({ seed: options.seed, onUnexpectedError: () => {} });
  const fakeConfig = fake.targetConfig(new URL(recorded.base_url).origin);
  const values = new ValueMap(recorded, fakeConfig);
  const redactor = new Redactor({ secrets: secretsOf(fakeConfig) });
  const prefixes = prefixesOf(recorded);
  const pairs: DriftPair[] = [];
  for (const name of [...cassettes.keys()].sort()) {
    const interactions = [...(cassettes.get(name)?.interactions ?? [])].sort((a, b) => a.seq - b.seq);
    for (const group of identicalRuns(interactions)) {
      const asked: Asked[] = [];
      for (const interaction of group) {
        try {
          const answer = await askFake(fake, translate(interaction, prefixes, values));
          const r = redactor.response(answer.headers, answer.body);
          asked.push({
            recorded: interaction,
            fake: { ...answer, headers: r.headers, body: r.body },
            raw: answer.body,
          });
        } catch (err) {
          asked.push({ recorded: interaction, fake: undefined, error: (err as Error).message });
        }
      }
      for (const { recorded: interaction, fake: answer, error, raw } of pairUp(asked)) {
        const real = realAnswer(interaction);
        // learnt from the fake's own values (its answer as compared is redacted like the recording)
        if (real && raw !== undefined) values.learn(real.body, raw);
        const where = locate(interaction.request.path, prefixes);
        // The control API and provider states build the world; they are sent to the fake, never compared.
        if (where.area === 'control' || where.area === 'states' || !real) continue;
        pairs.push({
          cassette: name,
          index: interaction.seq,
          operationId: interaction.request.method === 'POST' ? operationByPath(where.rest)?.id : undefined,
          method: interaction.request.method,
          path: where.rest,
          base: where.area,
          test: interaction.test,
          clauses: clausesOf(interaction.test),
          requestBody: interaction.request.body
            ? interaction.request.body.encoding === 'utf8'
              ? interaction.request.body.text
              : `(base64) ${interaction.request.body.text}`
            : undefined,
          real,
          fake: answer,
          ...(answer ? {} : { fakeError: error ?? 'the fake gave no answer' }),
        });
      }
    }
  }
  return pairs;
}

interface Prefixes {
  base: string;
  org: string;
  control: string | undefined;
  states: string | undefined;
}

const pathOf = (url: string): string => new URL(url).pathname.replace(/\/$/, '');

function prefixesOf(c: TargetConfig): Prefixes {
  return {
    base: pathOf(c.base_url),
    org: pathOf(c.org_base_url ?? c.base_url),
    control: c.control ? pathOf(c.control.url) : undefined,
    states: c.provider_states ? pathOf(c.provider_states.url) : undefined,
  };
}

/** Which of the deployment's roots a path is under, and the path below it. */
function locate(path: string, p: Prefixes): { area: Area | 'other'; rest: string } {
  const bare = path.split('?')[0] ?? path;
  const candidates: [Area, string | undefined][] = [
    ['states', p.states],
    ['control', p.control],
    ['org', p.org],
    ['base', p.base],
  ];
  for (const [area, prefix] of candidates.sort((a, b) => (b[1]?.length ?? 0) - (a[1]?.length ?? 0))) {
    if (prefix !== undefined && (bare === prefix || bare.startsWith(`${prefix}/`))) {
      return { area, rest: bare.slice(prefix.length) || '/' };
    }
  }
  return { area: 'other', rest: bare };
}

function translate(i: Interaction, p: Prefixes, values: ValueMap) {
  const where = locate(i.request.path, p);
  const query = i.request.path.includes('?') ? i.request.path.slice(i.request.path.indexOf('?')) : '';
  const path =
    where.area === 'other'
      ? i.request.path
      : `${FAKE_PATHS[where.area]}${where.rest === '/' ? '' : where.rest}${query}`;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(i.request.headers)) {
    if (k !== 'host' && k !== 'content-length' && k !== 'transfer-encoding') headers[k] = values.apply(v);
  }
  const body = i.request.body;
  return {
    method: i.request.method,
    path: values.apply(path),
    headers,
    body: body
      ? body.encoding === 'utf8'
        ? Buffer.from(values.apply(body.text))
        : bodyBytes(body)
      : undefined,
  };
}

function realAnswer(i: Interaction): (DriftAnswer & { ended: string }) | undefined {
  const r = i.response;
  if (!r) return undefined;
  return { status: r.status, headers: r.headers, body: bodyBytes(r.body).toString('utf8'), ended: r.ended };
}

/** Consecutive interactions with the same request. */
function identicalRuns(interactions: Interaction[]): Interaction[][] {
  const runs: Interaction[][] = [];
  for (const i of interactions) {
    const last = runs.at(-1);
    const head = last?.[0];
    if (last && head && sameRequest(keyOf(head.request), keyOf(i.request))) last.push(i);
    else runs.push([i]);
  }
  return runs;
}

/** Pair a run of identical requests by answer (status, then ending), not by the order they were sent. */
function pairUp<T extends { recorded: Interaction; fake: Answer | undefined; error?: string }>(
  asked: T[],
): T[] {
  if (asked.length < 2) return asked;
  const rank = (status: number | undefined, ended: string | undefined) =>
    `${String(status ?? 999).padStart(3, '0')}-${ended ?? ''}`;
  const recorded = [...asked].sort((a, b) =>
    rank(a.recorded.response?.status, a.recorded.response?.ended).localeCompare(
      rank(b.recorded.response?.status, b.recorded.response?.ended),
    ),
  );
  const answers = [...asked].sort((a, b) =>
    rank(a.fake?.status, a.fake?.ended).localeCompare(rank(b.fake?.status, b.fake?.ended)),
  );
  return recorded.map((r, n) => ({ ...answers[n], recorded: r.recorded }) as T);
}

function clausesOf(test: string | undefined): string[] {
  const ids = new Set<string>();
  for (const group of test?.matchAll(/\[([^\]]+)\]/g) ?? []) {
    for (const id of (group[1] ?? '').split(',').map((s) => s.trim()))
      if (CLAUSE_ID_PATTERN.test(id)) ids.add(id);
  }
  return [...ids];
}
