/**
 * Whole lists read through the public API, page by page. Each walk asks for the largest page the operation allows
 * and stops at the first page shorter than that, so a list of n items costs ⌊n / size⌋ + 1 requests of the token's
 * hourly cap (these suites also run against deployments whose caps cannot be reset). And the widget conversations a
 * test adds to those lists where the target allows writes, so that what it reads does not rest on the target's data.
 */
import { type Project, paging, type Session, type SessionMessage } from '../../contract/index.js';
import type { Auth, Target } from '../target/target.js';
import { stopIfCreditsSpent } from './credit-balance.js';
import { expectSuccess } from './envelope.js';
import { onProject } from './world.js';

export interface PageOptions {
  /** The credential to read with; the operation's default (the owner token) when absent. */
  auth?: Auth;
  /** Items per page; the operation's largest page when absent. */
  pageSize?: number;
}

/**
 * The largest page of each list operation whose data is an array that every conforming server serves whole. The spec
 * gives getMyProjects a default of 100 and no maximum (the fake's 1000 is its own choice): a server capping pages
 * lower would cut a walk of 1000 short, so projects are walked 100 at a time.
 */
const largestPage: Readonly<Record<string, number>> = {
  getMyProjects: paging.projects.defaultLimit,
  getSessions: paging.sessions.max,
  getSessionMessages: paging.messages.max,
};

/** Every item of a paged list: `body` with `limit` and `page` 1, 2, … until a page comes back short. */
export async function allPages<T>(
  t: Target,
  operationId: string,
  body: Record<string, unknown>,
  options: PageOptions = {},
): Promise<T[]> {
  const limit = options.pageSize ?? largestPage[operationId];
  if (limit === undefined) throw new Error(`allPages: give a pageSize for ${operationId}`);
  const out: T[] = [];
  for (let page = 1; ; page += 1) {
    const res = await t.call(operationId, { body: { ...body, limit, page }, auth: options.auth });
    const batch = expectSuccess<T[]>(res, operationId).data;
    out.push(...batch);
    if (batch.length < limit) return out;
  }
}

/** Every session getSessions lists for `filters` (status, from, to, orderBy; project_uid: the configured one). */
export function allSessions(
  t: Target,
  filters: Record<string, unknown> = {},
  options: PageOptions = {},
): Promise<Session[]> {
  return allPages<Session>(t, 'getSessions', onProject(t, filters), options);
}

/** Every message of a session (`filters`: orderBy; project_uid: the configured one). */
export function allMessages(
  t: Target,
  session_uid: number,
  filters: Record<string, unknown> = {},
  options: PageOptions = {},
): Promise<SessionMessage[]> {
  return allPages<SessionMessage>(
    t,
    'getSessionMessages',
    onProject(t, { session_uid, ...filters }),
    options,
  );
}

/** The project as getMyProjects shows it (to the owner token unless `options.auth`); throws when it is not listed. */
export async function listedProject(
  t: Target,
  project_uid: string,
  options: PageOptions = {},
): Promise<Project> {
  const found = (await allPages<Project>(t, 'getMyProjects', {}, options)).find(
    (p) => p.project_uid === project_uid,
  );
  if (!found) throw new Error(`project ${project_uid} is not listed`);
  return found;
}

/** Whether a test may add widget conversations to the configured project: writes allowed, its key and its widget. */
export const canConverse = (t: Target): boolean =>
  t.config.allow.writes && Boolean(t.config.project_key) && Boolean(t.config.widget_uid);

/**
 * A new widget session of the configured project (createSession with the project key) and the visitor messages
 * `turns` sent to it in order: its session_uid as getSessions reports it (a number) and the texts of the replies.
 */
export async function newConversation(
  t: Target,
  turns: readonly string[] = [],
): Promise<{ session_uid: number; replies: string[] }> {
  const widget_uid = t.config.widget_uid;
  const res = await t.call('createSession', { body: { widget_uid } });
  const { session_uid } = expectSuccess<{ session_uid: string }>(res, 'createSession').data;
  const replies: string[] = [];
  for (const message of turns) {
    const sent = await t.call('sendMessage', { body: { widget_uid, session_uid, message } });
    stopIfCreditsSpent(t, sent, 'a widget message sent to arrange the test');
    replies.push(expectSuccess<{ message: string }>(sent, 'sendMessage').data.message);
  }
  return { session_uid: Number(session_uid), replies };
}
