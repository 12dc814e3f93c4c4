/** The hand-made broken servers (issue 7): each breaks one rule the spec states; the suites must notice. */
import { hourlyCaps, paging } from '../contract/limits.js';
import type { FakeServer } from '../fake-server/index.js';
import type { Answer, Breakage, Exchange } from './broken-server.js';

const json = (req: Exchange): Record<string, unknown> | undefined => {
  try {
    const v = JSON.parse(req.body.toString('utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** Every limiter the fake builds (at start and at each reset) admits one request more than `limit`. */
function capOffByOne(fake: FakeServer): void {
  const bend = () => {
    const limiter = fake.runtime.domain.limiter;
    const hit = limiter.hit.bind(limiter);
    limiter.hit = (key, limit, now, message) =>
      hit(key, limit === hourlyCaps.platformTokenPerHour ? limit + 1 : limit, now, message);
  };
  const reset = fake.runtime.reset.bind(fake.runtime);
  fake.runtime.reset = (options) => {
    reset(options);
    bend();
  };
  bend();
}

/** The values a `token regenerated` provider state answered, oldest first, the current one last. */
function regeneratedChain(res: Answer, req: Exchange): string[] {
  if (!req.url.startsWith('/_provider-states') || res.status !== 200) return [];
  if (json(req)?.state !== 'token regenerated') return [];
  const data = (JSON.parse(res.body.toString('utf8')) as { data?: { value?: string; old_values?: string[] } })
    .data;
  return data?.value && data.old_values ? [...data.old_values, data.value] : [];
}

/** Values regenerated away (through the control API or a provider state), and what replaced them. */
function tokenSurvivesRegeneration(): Pick<Breakage, 'rewriteRequest' | 'rewriteResponse'> {
  const replacedBy = new Map<string, string>();
  const pending = new Map<string, string>();
  return {
    rewriteRequest(req, fake) {
      const id = /\/_control\/tokens\/(\d+)\/regenerate$/.exec(req.url)?.[1];
      if (id) {
        const old = fake.runtime.domain.state.tokens.get(Number(id))?.value;
        if (old) pending.set(id, old);
      }
      const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      let current = bearer;
      while (current && replacedBy.has(current)) current = replacedBy.get(current);
      return current && current !== bearer
        ? { ...req, headers: { ...req.headers, authorization: `Bearer ${current}` } }
        : req;
    },
    rewriteResponse(res, req, fake) {
      const id = /\/_control\/tokens\/(\d+)\/regenerate$/.exec(req.url)?.[1];
      const old = id ? pending.get(id) : undefined;
      const now = id ? fake.runtime.domain.state.tokens.get(Number(id))?.value : undefined;
      if (old && now && old !== now && res.status === 200) replacedBy.set(old, now);
      const chain = regeneratedChain(res, req);
      for (let i = 0; i + 1 < chain.length; i++) replacedBy.set(chain[i]!, chain[i + 1]!);
      return res;
    },
  };
}

export const breakages: Breakage[] = [
  {
    name: 'a permission swapped: the viewer role may update project settings',
    files: ['suites/platform/access-roles.test.ts'],
    filter: 'updateProjectSettings',
    catches: 'AUTH-ROLE-VIEWER-READ-ONLY',
    rewriteRequest: (req, _fake, config) =>
      req.url.endsWith('/updateProjectSettings') &&
      req.headers.authorization === `Bearer ${config.tokens.viewer}`
        ? { ...req, headers: { ...req.headers, authorization: `Bearer ${config.tokens.owner}` } }
        : req,
  },
  {
    name: `a range bound off by one: getMyProjects accepts limit ${paging.projects.max + 1}`,
    files: ['suites/platform/projects.test.ts'],
    filter: 'PROJECTS-LIMIT-MAX',
    catches: 'PROJECTS-LIMIT-MAX',
    rewriteRequest: (req) => {
      const body = json(req);
      return req.url.endsWith('/getMyProjects') && body?.limit === paging.projects.max + 1
        ? { ...req, body: Buffer.from(JSON.stringify({ ...body, limit: paging.projects.max })) }
        : req;
    },
  },
  {
    name: 'a token that survives regeneration: the old value keeps working',
    files: ['suites/platform/tokens-regenerate.test.ts'],
    filter: 'TOKEN-REGENERATE-OLD-DIES',
    catches: 'TOKEN-REGENERATE-OLD-DIES',
    ...tokenSurvivesRegeneration(),
  },
  {
    name: 'a cap off by one: a Platform token gets 1,001 requests an hour',
    files: ['suites/limits/platform-cap.test.ts'],
    filter: 'RATE-PLATFORM-1000',
    catches: 'RATE-PLATFORM-1000',
    breakRuntime: capOffByOne,
  },
  {
    name: 'a stream missing its final event: no `data: [DONE]`',
    files: ['suites/rag/streaming.test.ts'],
    filter: '\\[DONE\\]',
    catches: 'RAG-OPENAI-STREAM',
    rewriteResponse: (res) =>
      (res.headers['content-type'] ?? '').includes('text/event-stream')
        ? { ...res, body: Buffer.from(res.body.toString('utf8').replace(/data: \[DONE\]\n\n/g, '')) }
        : res,
  },
];
