/** Placeholders of a recording mapped to the fake's own values, so the fake gets the requests it can answer. */
import { describe, expect, it } from 'vitest';
import { TargetConfig } from '../contract/target-config.js';
import { ValueMap } from './value-map.js';

const config = (owner: string, key: string) =>
  TargetConfig.parse({
    base_url: 'http://x.test/api/v1',
    tokens: { owner },
    project_key: key,
    project_uid: 'p1',
  });

describe('the value map of a drift run [DRIFT-COMPARE-SHAPES]', () => {
  it('maps the recorded config to the fake’s, role by role, the part after the prefix too', () => {
    const map = new ValueMap(
      config('api-v1-redactedaaaa', 'apk-redactedbbbb'),
      config('api-v1-realtoken', 'apk-realkey'),
    );
    expect(map.apply('Bearer api-v1-redactedaaaa')).toBe('Bearer api-v1-realtoken');
    expect(map.apply('API-V1-redactedaaaa')).toBe('API-V1-realtoken');
    expect(map.apply('{"key":"apk-redactedbbbb"}')).toBe('{"key":"apk-realkey"}');
  });

  it('learns what the fake issued where the recording has a placeholder, an address in every case', () => {
    const map = new ValueMap(
      config('api-v1-redactedaaaa', 'apk-redactedbbbb'),
      config('api-v1-realtoken', 'apk-realkey'),
    );
    map.learn(
      JSON.stringify({
        data: [{ token: 'api-v1-redactedcccc', Member: { email: 'person-1a2b@example.invalid' } }],
      }),
      JSON.stringify({ data: [{ token: 'api-v1-issued', Member: { email: 'Ada@Acme.test' } }] }),
    );
    expect(map.apply('Bearer api-v1-redactedcccc')).toBe('Bearer api-v1-issued');
    expect(map.apply('PERSON-1A2B@EXAMPLE.INVALID')).toBe('ADA@ACME.TEST');
    expect(map.apply('person-1a2b@example.invalid')).toBe('Ada@Acme.test');
  });
});
