import { it } from 'vitest';

throw new Error('module failed to load');
it('x', () => {});
