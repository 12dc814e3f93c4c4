/**
 * Test support (imported by tests only) for the HTTP layer's unit tests: a fresh fake before each test with its
 * owner token and project, requests through its test seam (`supertest(createFakeServer().app.callback())`), and a
 * resolver replaced for one test.
 */
import request from 'supertest';
import { beforeEach } from 'vitest';
import type { PlatformOperationId } from '../../contract/index.js';
import { createFakeServer, DEFAULT_ADMIN_SECRET, type FakeServer } from '../index.js';
import { platformHandlers, type Resolver } from './platform-handlers.js';

export const SECRET = DEFAULT_ADMIN_SECRET;

export let fake: FakeServer;
export let unexpected: unknown[];
export let owner: string;
export let projectUid: string;

/** A fresh fake before each test of the calling file; the bindings above read the current one. */
export function useHttpLayerFake(): void {
  beforeEach(() => {
    unexpected = [];
    fake = createFakeServer({ onUnexpectedError: (err) => unexpected.push(err) });
    const config = fake.targetConfig('http://127.0.0.1:4010');
    owner = config.tokens.owner!;
    projectUid = config.project_uid!;
  });
}

export const app = () => fake.app.callback();
export const post = (path: string) => request(app()).post(path).set('authorization', `Bearer ${owner}`);
/** Send these bytes as they are (superagent would JSON-serialize a Buffer under a JSON content type). */
export const asIs = (body: unknown) => body as string;

/** Replace one resolver for the duration of a test. */
export function breakResolver(id: PlatformOperationId, fn: Resolver): () => void {
  const original = platformHandlers[id];
  platformHandlers[id] = fn;
  return () => {
    platformHandlers[id] = original;
  };
}
