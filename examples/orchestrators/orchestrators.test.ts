/**
 * The orchestrator examples of docs/client-developers.md ("Running the fake as a team service"), parsed: each polls
 * GET /_health on the port the fake listens on, gives the fake a secret of its own (off loopback the default is
 * refused), and its health command, run against a real fake, says healthy (FAKE-HEALTH, FAKE-ADMIN-SECRET-SAFE).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { HEALTH_PATH } from '../../fake-server/http/health.js';
import { type FakeProcess, spawnFakeProcess } from '../../fake-server/process.js';

const DIR = import.meta.dirname;
const read = (file: string) => readFileSync(join(DIR, file), 'utf8');
const yaml = <T>(file: string): T => parse(read(file)) as T;
const pkg = JSON.parse(readFileSync(join(DIR, '../../packages/fake/package.json'), 'utf8')) as {
  name: string;
  version: string;
  bin: Record<string, string>;
};
const PORT = 4010;

let fake: FakeProcess;
let port: number;
beforeAll(async () => {
  fake = spawnFakeProcess();
  port = Number(new URL((await fake.ready(30_000)).base_url).port);
}, 60_000);
afterAll(() => fake.stop());

/** Run a `node -e "…"` health command against the test's fake (its port for the example's), its exit code. */
async function healthExit(command: string): Promise<number> {
  const script = /node -e "(.*)"$/s.exec(command.replaceAll('\\"', '"'))?.[1];
  if (!script) throw new Error(`not a node -e health command: ${command}`);
  expect(script).toContain(`http://127.0.0.1:${PORT}${HEALTH_PATH}`);
  try {
    await promisify(execFile)(process.execPath, ['-e', script.replace(`:${PORT}/`, `:${port}/`)]);
    return 0;
  } catch (err) {
    return (err as { code?: number }).code ?? 1;
  }
}

describe('the orchestrator examples [FAKE-HEALTH, FAKE-ADMIN-SECRET-SAFE]', () => {
  it('Dockerfile: the published fake package and its chatbot-fake, on 0.0.0.0, health from /_health', async () => {
    const text = read('Dockerfile');
    expect(text).toContain(`npm install --global ${pkg.name}@${pkg.version}`);
    expect(pkg.bin['chatbot-fake']).toBeDefined();
    expect(text).toMatch(/^ENTRYPOINT \["chatbot-fake"\]$/m);
    expect(text).toMatch(/^ENV HOST=0\.0\.0\.0 PORT=4010$/m);
    expect(text).not.toMatch(/fake-admin-secret/);
    const healthcheck = /^ {2}CMD (node -e ".*")$/m.exec(text)?.[1] as string;
    expect(await healthExit(healthcheck)).toBe(0);
  });

  it('compose: a healthcheck on /_health, a secret from the environment, clients waiting for healthy', async () => {
    interface Service {
      build?: string;
      environment: Record<string, string>;
      healthcheck: { test: string[] };
      ports: string[];
      depends_on: Record<string, { condition: string }>;
    }
    const { services } = yaml<{ services: Record<string, Service> }>('compose.yaml');
    const fakeService = services['chatbot-fake'] as Service;
    expect(fakeService.build).toBe('.');
    expect(fakeService.environment.FAKE_ADMIN_SECRET).toMatch(/^\$\{FAKE_ADMIN_SECRET:\?/);
    expect(fakeService.ports).toEqual([`127.0.0.1:${PORT}:${PORT}`]);
    const [kind, ...argv] = fakeService.healthcheck.test;
    expect(kind).toBe('CMD');
    expect(await healthExit(`${argv[0]} ${argv[1]} "${argv[2]}"`)).toBe(0);
    expect(services['client-tests']?.depends_on['chatbot-fake']?.condition).toBe('service_healthy');
  });

  it('Kubernetes: a readiness probe GET /_health on the container port, the secret from a Secret', () => {
    interface Container {
      ports: { containerPort: number }[];
      readinessProbe: { httpGet: { path: string; port: number } };
      env: { name: string; valueFrom?: { secretKeyRef?: unknown } }[];
    }
    const doc = yaml<{ spec: { template: { spec: { containers: Container[] } } } }>('kubernetes.yaml');
    const container = doc.spec.template.spec.containers[0] as Container;
    expect(container.readinessProbe.httpGet).toEqual({ path: HEALTH_PATH, port: PORT });
    expect(container.ports[0]?.containerPort).toBe(PORT);
    expect(container.env.find((e) => e.name === 'FAKE_ADMIN_SECRET')?.valueFrom?.secretKeyRef).toBeDefined();
  });

  it('GitHub Actions: a services: container whose health command polls /_health, the secret from secrets', async () => {
    interface ServiceContainer {
      env: Record<string, string>;
      options: string;
      ports: string[];
    }
    const { jobs } = yaml<{ jobs: Record<string, { services: Record<string, ServiceContainer> }> }>(
      'github-actions.yml',
    );
    const service = jobs['client-tests']?.services['chatbot-fake'] as ServiceContainer;
    expect(service.env.FAKE_ADMIN_SECRET).toMatch(/^\$\{\{ secrets\.FAKE_ADMIN_SECRET \}\}$/);
    expect(service.ports).toEqual([`${PORT}:${PORT}`]);
    const command = /--health-cmd "(.*)"\s+--health-interval/s.exec(service.options)?.[1] as string;
    expect(await healthExit(command)).toBe(0);
  });
});
