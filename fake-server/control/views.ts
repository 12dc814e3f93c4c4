/** What the control API shows of internal records: the shapes of contract/control/views.ts. */
import type { ControlProject, ControlToken } from '../../contract/control/index.js';
import { iso } from '../domain/clock.js';
import type { DomainContext } from '../domain/context.js';
import type { ApiToken, Project } from '../domain/state.js';
import { observedState } from '../domain/tokens.js';

export function tokenView(domain: DomainContext, t: ApiToken): ControlToken {
  return {
    id: t.id,
    name: t.name,
    value: t.value,
    role: t.role,
    permissions: t.permissions,
    scope_type: t.scope_type,
    project_ids: t.project_ids,
    expiration: t.expiration,
    expires_at: t.expires_at === null ? null : iso(t.expires_at),
    creator_user_id: t.creator_user_id,
    organization_id: t.organization_id,
    status: t.status,
    state: observedState(domain, t),
    createdAt: iso(t.createdAt),
  };
}

export function projectControlView(domain: DomainContext, p: Project): ControlProject {
  const keys = [...domain.state.projectKeys.values()]
    .filter((k) => k.project_id === p.id)
    .map((k) => k.value);
  return {
    id: p.id,
    organization_id: p.organization_id,
    name: p.name,
    project_uid: p.project_uid,
    widget_uid: p.integration.widget_uid,
    members: p.members,
    settings: p.settings,
    retention_duration: p.retention_duration,
    limits: p.limits,
    creditsUsed: p.creditsUsed,
    project_keys: keys,
    documents:
      domain.state.knowledgebases
        .get(p.id)
        ?.documents()
        .map((d) => ({ docId: d.docId, title: d.title, kind: d.kind, url: d.url })) ?? [],
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}
