/** Inviting a member: a pending invitation and a join email recorded in the outbox. */
import type { InvitationRole } from '../../contract/index.js';
import type { DomainContext } from './context.js';
import { errors } from './errors.js';
import type { Invitation, Organization } from './state.js';

export const JOIN_LINK_BASE = 'https://app.chatbot-platform.example/join';

export function inviteMember(
  domain: DomainContext,
  org: Organization,
  sentBy: number,
  email: string,
  role: InvitationRole,
): Invitation {
  const normalized = email.trim().toLowerCase();
  for (const m of domain.state.members.ofOrganization(org.id)) {
    const user = domain.state.users.get(m.user_id);
    if (user?.email.toLowerCase() === normalized) {
      throw errors.inviteAlreadyMember();
    }
  }
  for (const i of domain.state.invitations.ofOrganization(org.id)) {
    if (i.status === 'pending' && i.email.toLowerCase() === normalized) {
      throw errors.invitePending();
    }
  }
  const now = domain.clock.now();
  const invitation: Invitation = {
    id: domain.ids.next('invitation'),
    organization_id: org.id,
    sent_by: sentBy,
    email: normalized,
    role,
    hash: domain.ids.hex(32),
    status: 'pending',
    createdAt: now,
  };
  domain.state.invitations.set(invitation.id, invitation);
  const join_link = `${JOIN_LINK_BASE}?hash=${invitation.hash}`;
  domain.state.outbox.push({
    id: domain.ids.next('email'),
    organization_id: org.id,
    invitation_id: invitation.id,
    to: normalized,
    subject: `You are invited to join ${org.name}`,
    join_link,
    text: `You have been invited to join ${org.name} as ${role}. Join here: ${join_link}`,
    sentAt: now,
  });
  return invitation;
}
