/**
 * A client of the API typed by `chatbot-platform-fake/contract` (issue 35): CI copies this folder into an
 * empty project that installed the package and runs `tsc -p tsconfig.json` there (.ci/run, the package stage).
 */
import {
  assumed,
  ErrorEnvelope,
  GetMyProjectsData,
  type GetMyProjectsRequest,
  type GetSessionsRequest,
  operations,
  type Project,
  type Session,
  type SuccessEnvelope,
} from 'chatbot-platform-fake/contract';

/** getMyProjects, its answer checked against the documented schema. */
export async function myProjects(
  baseUrl: string,
  token: string,
  body: GetMyProjectsRequest,
): Promise<Project[]> {
  const res = await fetch(`${baseUrl}/getMyProjects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as SuccessEnvelope<unknown> | ErrorEnvelope;
  if (json.type === 'RXERROR') throw new Error(ErrorEnvelope.parse(json).message);
  return GetMyProjectsData.parse(json.data);
}

export const firstPage: GetMyProjectsRequest = { orderBy: 'DESC', limit: 10, page: 1 };
// @ts-expect-error orderBy is ASC or DESC (PROJECTS-ORDERBY-VALUES)
export const wrongOrder: GetMyProjectsRequest = { orderBy: 'UP' };
export const sessions: GetSessionsRequest = { project_uid: 'p1', status: 'open' };
export const open = (s: Session): boolean => s.status === 'open';
export const paths: string[] = operations.map((o) => o.path);
// The fake's date-time profile is apart from the documented schema (assumed).
export const fakeDate: string = assumed.IsoDateTimeProfile.parse('2026-01-05T09:00:00.000Z');
