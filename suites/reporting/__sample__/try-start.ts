import { startVitest } from 'vitest/node';
const v = await startVitest('test', ['__sample__'], { root: '/work/main', config: '/work/main/suites/reporting/__sample__/vt.config.ts', run: true, watch: false, reporters: ['default', '/work/main/suites/reporting/clause-reporter.ts'] });
console.log('RESOLVED', JSON.stringify(v.config.reporters));
await v.close();
