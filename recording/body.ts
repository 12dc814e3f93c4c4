/** Bodies as a cassette keeps them: UTF-8 text when the bytes are valid UTF-8, else base64. */
import type { RecordedBody } from './cassette.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

export function recordBody(bytes: string | Uint8Array): RecordedBody {
  if (typeof bytes === 'string') return { text: bytes, encoding: 'utf8' };
  try {
    return { text: decoder.decode(bytes), encoding: 'utf8' };
  } catch {
    return { text: Buffer.from(bytes).toString('base64'), encoding: 'base64' };
  }
}

export function bodyBytes(body: RecordedBody): Buffer {
  return body.encoding === 'base64' ? Buffer.from(body.text, 'base64') : Buffer.from(body.text, 'utf8');
}
