import { expect, it } from 'vitest';
it('sees the target [SET-MESSAGE-ONLY]', () => expect(process.env.CONFORMANCE_TARGET).toBe('/tmp/target-real.json'));
