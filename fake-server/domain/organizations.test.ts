/** Users and organizations as the control API and the seed create them. */
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { failure } from './errors.test-support.js';
import { findMember } from './members.js';
import { createOrganization, createUser, findOrganization } from './organizations.js';

describe('control seeding of users and organizations [FAKE-CONTROL-SEEDING]', () => {
  it('a user’s email is kept trimmed and lowercased, and an email already used is refused with 409', () => {
    const { domain: ctx } = new Runtime();
    const user = createUser(ctx, { name: 'Ada', email: '  Ada@Example.TEST ' });
    expect(user).toMatchObject({ name: 'Ada', email: 'ada@example.test', profile_pic: null });
    expect(ctx.state.users.get(user.id)).toBe(user);
    const again = failure(() => createUser(ctx, { name: 'Ada again', email: 'ADA@example.test' }));
    expect([again.status, again.message]).toEqual([409, 'A user with email ada@example.test exists']);
    expect(createUser(ctx, { name: 'Bob', email: 'bob@example.test' }).id).toBe(user.id + 1);
  });

  it('an organization needs an existing owner, who becomes its owner member; an unknown id is not found', () => {
    const { domain: ctx } = new Runtime();
    const owner = createUser(ctx, { name: 'Owner', email: 'owner@second.test' });
    const missing = failure(() =>
      createOrganization(ctx, { name: 'Nobody’s', owner_user_id: 987_654, plan: 'free', credits: 0 }),
    );
    expect([missing.status, missing.message]).toEqual([404, 'User not found']);
    const org = createOrganization(ctx, {
      name: 'Second',
      owner_user_id: owner.id,
      plan: 'agency',
      credits: 5,
    });
    expect(org).toMatchObject({ name: 'Second', created_by: owner.id, plan: 'agency', credits: 5 });
    expect(findOrganization(ctx, org.id)).toBe(org);
    expect(findMember(ctx, org.id, owner.id)?.role).toBe('owner');
    const unknown = failure(() => findOrganization(ctx, 987_654));
    expect([unknown.status, unknown.message]).toEqual([404, 'Organization not found']);
  });
});
