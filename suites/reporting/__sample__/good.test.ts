import { describe, expect, it } from 'vitest';

describe('updateProjectSettings [SET-MESSAGE-ONLY]', () => {
  it('answers with a message-only envelope', () => expect(1).toBe(1));
  it('needs writes', (ctx) => ctx.skip('target does not allow writes'));
});
it('body with nothing but project_uid [SET-NO-FIELDS]', () => expect('changed').toBe('unchanged'));
it('partial update [SET-PARTIAL-UPDATE]', (ctx) => ctx.skip('target does not allow writes (allow.writes=false)'));
