/**
 * Real vs fake (DRIFT-COMPARE-SHAPES): status, envelope kind, field presence and JSON types, and messages.
 * Values are never compared (the recordings are redacted), only shapes and messages. When the envelope kinds
 * differ, that one difference says it all: the fields and messages of two different envelopes are not compared.
 */
import { sortDifferences } from './difference.js';
import { ENVELOPE_LABELS, envelopeOf, messageOf, operationOf } from './envelope-kind.js';
import { shortenText } from './json-shape.js';
import { diffShapes, shapeOf } from './shape-diff.js';
import { eventSequence, eventTypeOf, parseSse, type SseEvent } from './sse.js';
import type { Difference, DriftPair } from './types.js';

const EVENTS = '$events';

/** JSON data of each event type (`[DONE]` and other non-JSON data as the string). */
function eventsByType(events: readonly SseEvent[]): Map<string, unknown[]> {
  const byType = new Map<string, unknown[]>();
  for (const e of events) {
    const type = eventTypeOf(e);
    const list = byType.get(type) ?? [];
    list.push(e.json.ok ? e.json.value : e.data);
    byType.set(type, list);
  }
  return byType;
}

const count = (n: number): string => `${n} event${n === 1 ? '' : 's'}`;

/** Event types present on one side only; the order of event types; the fields of each event type. */
export function compareStreams(realBody: string, fakeBody: string): Difference[] {
  const real = parseSse(realBody).events;
  const fake = parseSse(fakeBody).events;
  const realByType = eventsByType(real);
  const fakeByType = eventsByType(fake);
  const out: Difference[] = [];
  const types = [...new Set([...realByType.keys(), ...fakeByType.keys()])].sort();
  for (const type of types) {
    const r = realByType.get(type);
    const f = fakeByType.get(type);
    const path = `${EVENTS}[${type}]`;
    if (r && f) diffShapes(shapeOf(r), shapeOf(f), path, out);
    else if (r)
      out.push({
        kind: 'presence',
        path,
        real: count(r.length),
        detail: 'event type only in the real stream',
      });
    else if (f)
      out.push({
        kind: 'presence',
        path,
        fake: count(f.length),
        detail: "event type only in the fake's stream",
      });
  }
  const onBothSides = types.every((t) => realByType.has(t) && fakeByType.has(t));
  const realOrder = eventSequence(real).join(' → ');
  const fakeOrder = eventSequence(fake).join(' → ');
  if (onBothSides && realOrder !== fakeOrder) {
    out.push({
      kind: 'envelope',
      path: EVENTS,
      real: shortenText(realOrder, 300),
      fake: shortenText(fakeOrder, 300),
      detail: 'the event types come in a different order (runs of one type counted once)',
    });
  }
  return out;
}

export function compareAnswers(pair: DriftPair): Difference[] {
  const { real, fake } = pair;
  if (!fake) {
    return [
      {
        kind: 'status',
        path: '$',
        real: String(real.status),
        detail: `the fake gave no answer: ${pair.fakeError ?? 'no reason recorded'}`,
      },
    ];
  }
  const out: Difference[] = [];
  if (real.status !== fake.status) {
    out.push({
      kind: 'status',
      path: '$',
      real: String(real.status),
      fake: String(fake.status),
      detail: `status differs: real ${real.status}, fake ${fake.status}`,
    });
  }
  const family = operationOf(pair.operationId)?.family;
  const r = envelopeOf(real, family);
  const f = envelopeOf(fake, family);
  if (r.kind !== f.kind) {
    const [rl, fl] = [ENVELOPE_LABELS[r.kind], ENVELOPE_LABELS[f.kind]];
    out.push({
      kind: 'envelope',
      path: '$',
      real: rl,
      fake: fl,
      detail: `envelope differs: real ${rl}, fake ${fl}`,
    });
  } else if (r.kind === 'sse') {
    out.push(...compareStreams(real.body, fake.body));
  } else if (r.body !== undefined) {
    diffShapes(shapeOf([r.body]), shapeOf([f.body]), '$', out);
    const rm = messageOf(r);
    const fm = messageOf(f);
    if (rm && fm && rm.message !== fm.message) {
      out.push({
        kind: 'message',
        path: rm.path,
        real: shortenText(rm.message, 300),
        fake: shortenText(fm.message, 300),
        detail: 'message differs',
      });
    }
  }
  return sortDifferences(out);
}
