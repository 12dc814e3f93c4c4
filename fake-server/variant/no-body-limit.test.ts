/**
 * no-body-limit (FAKE-VARIANT): a public request's body of several megabytes is read like any other, where the
 * default answers 413 over 1 MiB; a ceiling of 20 MiB stays, and the control API keeps the default limit.
 */
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { httpInput } from '../../contract/index.js';
import { VARIANT_BODY_CEILING } from '../http/variant-body-limit.js';
import { bothSides, OPENAI, openaiBody, type Side } from './variant.test-support.js';

const MIB = 1024 * 1024;
/** Padding past the default limit, well under the ceiling. */
const pad = 'x'.repeat(3 * MIB);
/** supertest sends a Buffer as it is only with an identity serializer (else it JSON-encodes it). */
const asIs = (body: unknown) => body as string;

/** POST getMyProjects with a gzip body. */
const gzipped = (s: Side, bytes: Buffer) =>
  request(s.fake.app.callback())
    .post('/api/v1/getMyProjects')
    .set('authorization', `Bearer ${s.tokens.owner}`)
    .set('content-type', 'application/json')
    .set('content-encoding', 'gzip')
    .serialize(asIs)
    .send(bytes);

describe('no-body-limit [FAKE-VARIANT, ERR-BODY-TOO-LARGE]', () => {
  it('a 3 MiB JSON or form body is read and answered like a small one; the default answers 413', async () => {
    const { plain, variant } = bothSides('no-body-limit');
    expect(3 * MIB).toBeGreaterThan(httpInput.maxBodyBytes);
    const projects = await plain.platform('/api/v1/getMyProjects', { limit: 1, pad });
    expect(projects.status).toBe(413);
    expect(projects.body.message).toBe('Request body too large');
    const read = await variant.platform('/api/v1/getMyProjects', { limit: 1, pad });
    expect(read.status, read.text.slice(0, 200)).toBe(200);
    expect(read.body.data).toHaveLength(1);

    const form = { project_uid: plain.projectUid, limit: 2, pad };
    expect((await plain.form('/api/v1/getSessions', form)).status).toBe(413);
    const sessions = await variant.form('/api/v1/getSessions', form);
    expect(sessions.status, sessions.text.slice(0, 200)).toBe(200);
    expect(sessions.body.data).toHaveLength(2);

    const logs = { limit: 3, pad };
    expect((await plain.integration('/api/v1/getChatbotExecutionLogs', logs)).status).toBe(413);
    const integration = await variant.integration('/api/v1/getChatbotExecutionLogs', logs);
    expect(integration.status, integration.text.slice(0, 200)).toBe(200);
    expect(integration.body.data).toHaveLength(3);
  });

  it('a RAG request and a gzip body that inflates past 1 MiB are read too', async () => {
    const { plain, variant } = bothSides('no-body-limit');
    expect((await plain.rag(OPENAI, openaiBody({ pad }))).status).toBe(413);
    const rag = await variant.rag(OPENAI, openaiBody({ pad }));
    expect(rag.status, rag.text.slice(0, 200)).toBe(200);
    expect(rag.body.choices[0].message.content.length).toBeGreaterThan(0);

    const zipped = gzipSync(JSON.stringify({ limit: 1, pad }));
    expect((await gzipped(plain, zipped)).status).toBe(413);
    const inflated = await gzipped(variant, zipped);
    expect(inflated.status, inflated.text.slice(0, 200)).toBe(200);
    expect(inflated.body.data).toHaveLength(1);
  });

  it('keeps a 20 MiB ceiling, and the control API its 1 MiB limit', async () => {
    const { variant } = bothSides('no-body-limit');
    // Over the ceiling once inflated: refused like the default's 413 (gzip keeps the test's own upload small).
    const huge = gzipSync(JSON.stringify({ limit: 1, pad: 'y'.repeat(VARIANT_BODY_CEILING) }));
    const refused = await gzipped(variant, huge);
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe('Request body too large');
    const control = await variant.control('post', '/clock/advance', { hours: 1, pad });
    expect(control.status).toBe(413);
  });
});
