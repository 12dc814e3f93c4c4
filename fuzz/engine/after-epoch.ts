/**
 * The state after an epoch of cases (FUZZ-STATE-CONSISTENT): the fake's own invariant check
 * (GET /_control/consistency, FAKE-CONSISTENCY-CHECK), and from the outside, every list and read operation still
 * answers its success envelope with the contract's data for the seeded owner token (and the project key).
 */
import type { ConsistencyReport } from '../../contract/control/index.js';
import { type Operation, operationById, successEnvelope, type TargetConfig } from '../../contract/index.js';
import { type Answer, type ControlClient, type Credential, callOperation } from './api-client.js';

/** GET /_control/consistency's report (contract/control/views.ts). */
export type ConsistencyResult = ConsistencyReport;

export interface ListCheck {
  operation: string;
  ok: boolean;
  problem?: string;
}

export interface StateCheck {
  consistency: ConsistencyResult;
  lists: ListCheck[];
}

function judge(op: Operation, answer: Answer): string | undefined {
  if (answer.status !== 200) return `status ${answer.status}: ${answer.text.slice(0, 200)}`;
  const parsed = successEnvelope(op.response!).safeParse(answer.json);
  if (!parsed.success) return `not ${op.id}'s success envelope: ${parsed.error.issues[0]?.message}`;
  if (op.hasTotal && !Number.isInteger((answer.json as { total?: unknown }).total))
    return 'total is not an integer';
  return undefined;
}

export async function checkState(control: ControlClient, target: TargetConfig): Promise<StateCheck> {
  const consistency = await control.api.consistency();
  // The epoch spent quota: clear the counters so a 429 does not hide the answer (the state is untouched).
  await control.resetRateLimits();
  const owner: Credential = { token: target.tokens.owner! };
  const key: Credential = { key: target.project_key! };
  const project = { project_uid: target.project_uid! };
  const lists: ListCheck[] = [];
  const check = async (
    id: string,
    credential: Credential,
    body: Record<string, unknown>,
  ): Promise<Answer> => {
    const answer = await callOperation(target, id, credential, body);
    const problem = judge(operationById(id), answer);
    lists.push({ operation: id, ok: problem === undefined, ...(problem ? { problem } : {}) });
    return answer;
  };
  await check('getMyProjects', owner, {});
  await check('getOrganizationDetail', owner, {});
  await check('getOrganizationMembers', owner, { limit: 1000 });
  await check('getSupportedModels', owner, {});
  await check('getProjectUsageLimit', owner, project);
  await check('getStats', owner, project);
  const sessions = await check('getSessions', owner, { ...project, limit: 100 });
  const first = ((sessions?.json as { data?: { session_uid?: number }[] } | undefined)?.data ?? [])[0];
  if (first?.session_uid !== undefined) {
    await check('getSessionMessages', owner, { ...project, session_uid: first.session_uid, limit: 100 });
  }
  await check('getChatbotExecutionLogs', key, { limit: 100 });
  return { consistency, lists };
}
