/** Inviting a member, called directly: the invitation, its email in the outbox, and the refusals, in a two-organization store. */
import { describe, expect, it } from 'vitest';
import { referenceProblem } from '../persistence/snapshot-references.js';
import { snapshotPayloadJson } from '../persistence/take-snapshot.js';
import { refusal } from './errors.test-support.js';
import { inviteMember, JOIN_LINK_BASE } from './invitations.js';
import { orgWorld } from './org-world.test-support.js';

const ALREADY_MEMBER = {
  status: 400,
  message: 'User is already a member of the organization',
  param: undefined,
};
const ALREADY_PENDING = {
  status: 400,
  message: 'An invitation is already pending for this email',
  param: undefined,
};

describe('inviteMember', () => {
  it('stores a pending invitation for the trimmed, lower-cased email and records its join email [INVITE-RETURNS-INVITATION, INVITE-FIELDS-MATCH-REQUEST, INVITE-STATUS-PENDING, INVITE-SENT-BY-CREATOR, INVITE-EMAIL-SENT, INVITE-OUTBOX]', () => {
    const w = orgWorld();
    w.ctx.clock.advance(90_000);
    const now = w.ctx.clock.now();
    const invitation = inviteMember(w.ctx, w.home, w.users.owner!, '  Newcomer@Invited.Example ', 'billing');
    expect(invitation).toEqual({
      id: 1,
      organization_id: w.home.id,
      sent_by: w.users.owner,
      email: 'newcomer@invited.example',
      role: 'billing',
      hash: invitation.hash,
      status: 'pending',
      createdAt: now,
    });
    expect(invitation.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(w.ctx.state.invitations.get(1)).toBe(invitation);
    const join_link = `${JOIN_LINK_BASE}?hash=${invitation.hash}`;
    expect(w.ctx.state.outbox).toEqual([
      {
        id: 1,
        organization_id: w.home.id,
        invitation_id: 1,
        to: 'newcomer@invited.example',
        subject: `You are invited to join ${w.home.name}`,
        join_link,
        text: `You have been invited to join ${w.home.name} as billing. Join here: ${join_link}`,
        sentAt: now,
      },
    ]);
  });

  it('numbers invitations and their emails on their own counters, which a snapshot of the store carries [FAKE-STATE-SNAPSHOT, RES-INVITATION-SHAPE]', () => {
    const w = orgWorld();
    const first = inviteMember(w.ctx, w.home, w.users.owner!, 'first@invited.example', 'viewer');
    const second = inviteMember(w.ctx, w.other, w.otherOwner.id, 'second@invited.example', 'editor');
    expect([first.id, second.id]).toEqual([1, 2]);
    expect(w.ctx.state.outbox.map((e) => [e.id, e.invitation_id, e.subject])).toEqual([
      [1, 1, `You are invited to join ${w.home.name}`],
      [2, 2, 'You are invited to join Other Org'],
    ]);
    const counters = new Map(w.ctx.ids.position().counters);
    expect([counters.get('invitation'), counters.get('email')]).toEqual([2, 2]);
    // The snapshot check reads each store's counter by its kind: the fake's own snapshot must pass it.
    expect(referenceProblem(JSON.parse(snapshotPayloadJson(w.runtime)))).toBeNull();
  });

  it('refuses the email of a member of the organization, in any case [INVITE-ALREADY-MEMBER, INVITE-EMAIL-CASE-INSENSITIVE]', () => {
    const w = orgWorld();
    const viewer = w.ctx.state.users.get(w.users.viewer!)!;
    expect(
      refusal(() => inviteMember(w.ctx, w.home, w.users.owner!, viewer.email.toUpperCase(), 'viewer')),
    ).toEqual(ALREADY_MEMBER);
    expect(
      refusal(() => inviteMember(w.ctx, w.other, w.otherOwner.id, ' OLGA@other.example', 'owner')),
    ).toEqual(ALREADY_MEMBER);
    expect(w.ctx.state.invitations.size).toBe(0);
    expect(w.ctx.state.outbox).toEqual([]);
  });

  it('invites a member of another organization only [INVITE-ALREADY-MEMBER]', () => {
    const w = orgWorld();
    const invitation = inviteMember(w.ctx, w.home, w.users.owner!, 'Olga@Other.example', 'editor');
    expect([invitation.organization_id, invitation.email, invitation.status]).toEqual([
      w.home.id,
      'olga@other.example',
      'pending',
    ]);
    const viewer = w.ctx.state.users.get(w.users.viewer!)!;
    expect(inviteMember(w.ctx, w.other, w.otherOwner.id, viewer.email, 'viewer').organization_id).toBe(
      w.other.id,
    );
  });

  it('passes over a member whose user is missing from the store [INVITE-ALREADY-MEMBER]', () => {
    const w = orgWorld();
    // Not reachable through the APIs (users are never deleted; a snapshot with a dangling member is refused).
    w.ctx.state.users.delete(w.otherOwner.id);
    const invitation = inviteMember(w.ctx, w.other, w.users.editor!, 'olga@other.example', 'owner');
    expect([invitation.organization_id, invitation.email]).toEqual([w.other.id, 'olga@other.example']);
  });

  it('refuses a second pending invitation of the organization to the same email, in any case [INVITE-DUPLICATE-PENDING, INVITE-EMAIL-CASE-INSENSITIVE]', () => {
    const w = orgWorld();
    const owner = w.users.owner!;
    const first = inviteMember(w.ctx, w.home, owner, 'twice@invited.example', 'viewer');
    expect(refusal(() => inviteMember(w.ctx, w.home, owner, ' TWICE@Invited.Example', 'editor'))).toEqual(
      ALREADY_PENDING,
    );
    expect([...w.ctx.state.invitations.values()]).toEqual([first]);
    expect(w.ctx.state.outbox.map((e) => e.invitation_id)).toEqual([first.id]);
  });

  it('lets another organization, or an invitation no longer pending, not block a new one [INVITE-DUPLICATE-PENDING, INVITE-STATES-OTHER]', () => {
    const w = orgWorld();
    const owner = w.users.owner!;
    const elsewhere = inviteMember(w.ctx, w.other, w.otherOwner.id, 'shared@invited.example', 'viewer');
    const here = inviteMember(w.ctx, w.home, owner, 'shared@invited.example', 'editor');
    expect([elsewhere.id, here.id]).toEqual([1, 2]);
    expect(here).toMatchObject({
      organization_id: w.home.id,
      email: 'shared@invited.example',
      status: 'pending',
    });

    // Another state (not shown by the public API, but a restored snapshot may hold one) does not block.
    const unrelated = inviteMember(w.ctx, w.home, owner, 'unrelated@invited.example', 'viewer');
    here.status = 'accepted';
    const again = inviteMember(w.ctx, w.home, owner, 'SHARED@invited.example', 'owner');
    expect([again.id, again.role, again.status]).toEqual([4, 'owner', 'pending']);
    expect(unrelated.status).toBe('pending');
    expect(refusal(() => inviteMember(w.ctx, w.home, owner, 'shared@invited.example', 'viewer'))).toEqual(
      ALREADY_PENDING,
    );
  });
});
