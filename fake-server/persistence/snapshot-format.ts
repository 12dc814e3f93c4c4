/**
 * The snapshot document (FAKE-STATE-SNAPSHOT), as the state file holds it and the control API exports it: one line
 * of JSON, `{"format":"chatbot-platform-fake-state","version":1,"sha256":"…","payload":{…}}`, where sha256 is the
 * hex SHA-256 of the payload's JSON text (JSON.stringify of the payload, UTF-8). Decoding recognises an empty,
 * non-JSON (truncated), foreign, other-version, corrupt (checksum) or malformed document and says which.
 */
import { createHash } from 'node:crypto';
import { referenceProblem } from './snapshot-references.js';
import { SnapshotPayload } from './snapshot-schema.js';

export const SNAPSHOT_FORMAT = 'chatbot-platform-fake-state';
export const SNAPSHOT_VERSION = 1;

/** Why a document is not a snapshot this fake can load; the message says what is wrong in a few words. */
export class SnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotError';
  }
}

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The document of a payload already in JSON text (what JSON.stringify gives for it). */
export function encodeSnapshot(payloadJson: string): string {
  const header = `{"format":"${SNAPSHOT_FORMAT}","version":${SNAPSHOT_VERSION},"sha256":"${sha256(payloadJson)}"`;
  return `${header},"payload":${payloadJson}}\n`;
}

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;

/** The payload of a snapshot document, checked whole (header, checksum, schema, references); else SnapshotError. */
export function decodeSnapshot(text: string): SnapshotPayload {
  if (text.trim() === '') throw new SnapshotError('empty, not a fake state snapshot');
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new SnapshotError('not JSON (truncated or corrupt), not a fake state snapshot');
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new SnapshotError(`JSON ${describe(doc)}, not a fake state snapshot`);
  const { format, version, sha256: checksum, payload } = doc as Record<string, unknown>;
  if (format !== SNAPSHOT_FORMAT)
    throw new SnapshotError(`not a fake state snapshot (no "format": "${SNAPSHOT_FORMAT}" header)`);
  if (version !== SNAPSHOT_VERSION)
    throw new SnapshotError(
      `a fake state snapshot of version ${JSON.stringify(version)}; this fake reads version ${SNAPSHOT_VERSION}`,
    );
  if (typeof checksum !== 'string' || payload === undefined)
    throw new SnapshotError('corrupt: the snapshot has no sha256 checksum or no payload');
  if (sha256(JSON.stringify(payload)) !== checksum)
    throw new SnapshotError('corrupt: the SHA-256 checksum does not match the payload');
  const parsed = SnapshotPayload.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue?.path.map(String).join('.') || '(payload)';
    throw new SnapshotError(`invalid payload at ${at}: ${issue?.message ?? 'does not match'}`);
  }
  const problem = referenceProblem(parsed.data);
  if (problem) throw new SnapshotError(`inconsistent payload: ${problem}`);
  // The records as they were written, keys in the order the domain made them (the schema's output would reorder
  // them, and answers that spread a record would then differ); scripted replies with their schema defaults.
  const raw = payload as SnapshotPayload;
  return { ...raw, state: { ...raw.state, ragScripts: parsed.data.state.ragScripts } };
}
