/**
 * Documents that are not a loadable snapshot, each made from a valid one, with the words the refusal must say
 * (FAKE-STATE-REFUSE-CORRUPT): what the state file and PUT /_control/state are tested against.
 */
import { encodeSnapshot, SNAPSHOT_FORMAT } from './snapshot-format.js';

export interface Corruption {
  name: string;
  text: string;
  /** What the refusal says. */
  reason: RegExp;
}

/** The byte after the first `"name":"` inside the payload, with its lowest bit flipped (a letter stays a letter). */
function flipOneByte(doc: string): string {
  const at = doc.indexOf('"name":"', doc.indexOf('"payload"')) + '"name":"'.length;
  return doc.slice(0, at) + String.fromCharCode(doc.charCodeAt(at) ^ 1) + doc.slice(at + 1);
}

/** The payload of `doc` changed by `edit`, with a checksum that matches again (a well-formed but wrong snapshot). */
function resealed(doc: string, edit: (payload: Record<string, unknown>) => void): string {
  const payload = (JSON.parse(doc) as { payload: Record<string, unknown> }).payload;
  edit(payload);
  return encodeSnapshot(JSON.stringify(payload));
}

export function corruptionsOf(doc: string): Corruption[] {
  const other = JSON.parse(doc) as Record<string, unknown>;
  return [
    { name: 'an empty file', text: '', reason: /empty, not a fake state snapshot/ },
    {
      name: 'a truncated file',
      text: doc.slice(0, Math.floor(doc.length / 2)),
      reason: /not JSON \(truncated or corrupt\)/,
    },
    {
      name: 'a flipped byte',
      text: flipOneByte(doc),
      reason: /corrupt: the SHA-256 checksum does not match/,
    },
    { name: 'a file that is not JSON', text: 'state: yes\n', reason: /not JSON/ },
    {
      name: 'foreign JSON',
      text: '{"name": "my-app", "version": "1.0.0"}\n',
      reason: new RegExp(`not a fake state snapshot \\(no "format": "${SNAPSHOT_FORMAT}" header\\)`),
    },
    { name: 'a JSON array', text: '[1, 2, 3]', reason: /JSON an array, not a fake state snapshot/ },
    {
      name: 'another version',
      text: JSON.stringify({ ...other, version: 2 }),
      reason: /a fake state snapshot of version 2; this fake reads version 1/,
    },
    {
      name: 'a payload that does not match the schema (checksum right)',
      text: resealed(doc, (p) => {
        (p.clock as Record<string, unknown>).now = 'yesterday';
      }),
      reason: /invalid payload at clock\.now/,
    },
    {
      name: 'a payload with a dangling reference (checksum right)',
      text: resealed(doc, (p) => {
        const tokens = (p.state as { tokens: { organization_id: number }[] }).tokens;
        tokens[0]!.organization_id = 999;
      }),
      reason: /inconsistent payload: a token organization refers to a missing record \(999\)/,
    },
  ];
}
