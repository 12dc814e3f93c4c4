import { describe, expect, it } from 'vitest';
import { routePath } from './operations.js';

describe('routePath: a path as the routers match it [ERR-METHOD-NOT-ALLOWED, ERR-UNKNOWN-ROUTE]', () => {
  it.each([
    ['/api/v1/getMyProjects', '/api/v1/getmyprojects'],
    ['/API/V1/GetMyProjects/', '/api/v1/getmyprojects'],
    ['/api/v1/getMyProjects///', '/api/v1/getmyprojects'],
    ['/api/v1//getMyProjects', '/api/v1//getmyprojects'],
    ['/', '/'],
    ['///', '/'],
  ])('%s → %s', (path, folded) => {
    expect(routePath(path)).toBe(folded);
  });
});
