/**
 * The variant mode itself (FAKE-VARIANT): how axes are switched on (option, FAKE_VARIANT, `all`), what is refused,
 * what lasts across control resets and state imports, and what the target config says.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TargetConfig } from '../../contract/index.js';
import { type VariantAxis, variantAxes, variantAxisIds } from '../../contract/variant-axes.js';
import { createFakeServer, DEFAULT_ADMIN_SECRET } from '../index.js';
import { checkVariant, variantFromEnv } from './axes.js';
import { side } from './variant.test-support.js';

describe('switching the variant mode on [FAKE-VARIANT]', () => {
  it('FAKE_VARIANT=all switches every axis of the table on, in table order', () => {
    expect(variantFromEnv({ FAKE_VARIANT: 'all' })).toEqual(variantAxes.map((a) => a.id));
    expect(variantFromEnv({ FAKE_VARIANT: ' all ' })).toEqual(variantAxisIds);
    const fake = createFakeServer({ variant: variantFromEnv({ FAKE_VARIANT: 'all' }) });
    expect([...(fake.runtime.domain.variant ?? [])]).toEqual(variantAxisIds);
  });

  it('takes a comma-separated list (spaces and repeats ignored), and nothing when unset or blank', () => {
    expect(variantFromEnv({ FAKE_VARIANT: 'no-rate-headers, invalid-params-422,no-rate-headers' })).toEqual([
      'invalid-params-422',
      'no-rate-headers',
    ]);
    expect(variantFromEnv({})).toEqual([]);
    expect(variantFromEnv({ FAKE_VARIANT: '  ' })).toEqual([]);
  });

  it('refuses an unknown axis id with one line naming it and the known ones', () => {
    let message = '';
    try {
      variantFromEnv({ FAKE_VARIANT: 'invalid-params-422,teapot-418' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(
      /^FAKE_VARIANT=invalid-params-422,teapot-418: unknown variant axis 'teapot-418'; /,
    );
    expect(message).toContain(
      "use 'all' or a comma-separated list of: invalid-params-422, other-error-statuses",
    );
    expect(message).not.toContain('\n');
    expect(() => checkVariant(['all'])).toThrow(/unknown variant axis 'all'/);
  });

  it('createFakeServer refuses an unknown axis before it starts', () => {
    expect(() => createFakeServer({ variant: ['teapot-418' as VariantAxis] })).toThrow(
      /^unknown variant axis 'teapot-418'; /,
    );
  });

  it('with no axis (or an empty list) the fake has no variant at all', () => {
    expect(createFakeServer().runtime.domain.variant).toBeUndefined();
    expect(createFakeServer({ variant: [] }).runtime.domain.variant).toBeUndefined();
    expect(createFakeServer({ variant: [] }).targetConfig('http://h').kind).toBe('fake');
  });
});

describe('the variant target config [FAKE-VARIANT]', () => {
  it('says kind real and lists the axes under `variant`, and parses as a TargetConfig; the default fake has neither', () => {
    const config = createFakeServer({ variant: ['no-rate-headers', 'json-format'] }).targetConfig(
      'http://h:1',
    );
    expect(config.kind).toBe('real');
    expect(config.variant).toEqual(['no-rate-headers', 'json-format']);
    expect(config.name).toBe('variant fake at http://h:1');
    expect(TargetConfig.parse(JSON.parse(JSON.stringify(config)))).toEqual(config);
    const plain = createFakeServer().targetConfig('http://h:1');
    expect(plain.kind).toBe('fake');
    expect('variant' in plain).toBe(false);
  });
});

describe('the variant lasts [FAKE-VARIANT, FAKE-STATE-SNAPSHOT]', () => {
  it('across control resets, which still restore the seed', async () => {
    const s = side(['success-201']);
    const reset = await s.control('post', '/reset', { seed: 3 });
    expect(reset.status).toBe(200);
    expect(reset.body.data.variant).toEqual(['success-201']);
    const created = await request(s.fake.app.callback())
      .post('/api/v1/createSession')
      .set('api-key', reset.body.data.project_key)
      .send({ widget_uid: reset.body.data.widget_uid });
    expect(created.status).toBe(201);
  });

  it('across a state import (PUT /_control/state)', async () => {
    const s = side(['success-201']);
    const exported = await s.control('get', '/state');
    expect(exported.status).toBe(200);
    const put = await request(s.fake.app.callback())
      .put('/_control/state')
      .set('x-control-secret', DEFAULT_ADMIN_SECRET)
      .send(exported.body);
    expect(put.status).toBe(200);
    expect([...(s.fake.runtime.domain.variant ?? [])]).toEqual(['success-201']);
    const created = await s.integration('/api/v1/createSession', { widget_uid: s.widgetUid });
    expect(created.status).toBe(201);
  });
});
