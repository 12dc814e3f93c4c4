/** A server-sent event as `text/event-stream` text: how the breaking proxy sends an event a rule has seen. */
import type { StreamEvent } from './rule.js';

export const serializeEvent = (e: StreamEvent): string =>
  `${e.event !== undefined ? `event: ${e.event}\n` : ''}${e.id !== undefined ? `id: ${e.id}\n` : ''}${e.data
    .split('\n')
    .map((line) => `data: ${line}`)
    .join('\n')}\n\n`;
