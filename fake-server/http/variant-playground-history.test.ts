/**
 * `playground-history-field` on its own (FAKE-VARIANT): what parseWithHistoryField hands its parser and which field
 * a refusal's details name, with a recording parser instead of the operation's schema. Whole requests:
 * fake-server/variant/access.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { VariantAxis } from '../../contract/variant-axes.js';
import type { DomainContext } from '../domain/context.js';
import { DomainError } from '../domain/errors.js';
import { parseWithHistoryField, VARIANT_FIELD } from './variant-playground-history.js';

const PLAYGROUND = 'playgroundAgentResponse';
const domainWith = (...variant: VariantAxis[]) => ({ variant: new Set(variant) }) as unknown as DomainContext;
const onAxis = domainWith('playground-history-field');
const earlier = [{ role: 'user', content: 'Hi' }];

/** What parseWithHistoryField hands the parser for `raw`. */
function parsed(domain: DomainContext, operationId: string, raw: unknown): unknown {
  return parseWithHistoryField(domain, operationId, raw, (input) => input);
}

/** What parseWithHistoryField throws when the parser throws `err`. */
function thrown(err: unknown): unknown {
  try {
    parseWithHistoryField(onAxis, PLAYGROUND, { history: earlier }, () => {
      throw err;
    });
  } catch (e) {
    return e;
  }
  throw new Error('parseWithHistoryField did not throw');
}

describe('playground-history-field on its own [FAKE-VARIANT, PLAYGROUND-HISTORY-FIELD]', () => {
  it('under the axis, playgroundAgentResponse’s parser sees `history` as `messages` and never the client’s `messages`', () => {
    const raw = { query: 'Q', messages: [{ role: 'user', content: 'ignored' }], history: earlier };
    expect(parsed(onAxis, PLAYGROUND, raw)).toEqual({ query: 'Q', messages: earlier });
    const without = parsed(onAxis, PLAYGROUND, { query: 'Q', messages: earlier });
    expect(without).toEqual({ query: 'Q' });
    expect(Object.keys(without as object)).toEqual(['query']);
  });

  it('another operation, the axis off, or a body that is not an object: the parser gets the body as sent', () => {
    const raw = { query: 'Q', history: earlier };
    expect(parsed(onAxis, 'createPlaygroundAgentSession', raw)).toBe(raw);
    expect(parsed(domainWith('json-format'), PLAYGROUND, raw)).toBe(raw);
    expect(parsed({} as DomainContext, PLAYGROUND, raw)).toBe(raw);
    const list = [raw];
    expect(parsed(onAxis, PLAYGROUND, list)).toBe(list);
  });

  it('a refusal’s details name `history` where the parser said `messages`; other paths stay', () => {
    const err = new DomainError(
      400,
      'Invalid params',
      ['messages', 'messages.50', 'messages.0.role', 'query', 'messagesX', 'old.messages'].map((path) => ({
        path,
        message: 'bad',
      })),
      { 'x-seen': '1' },
      ['PLAYGROUND-HISTORY-FIELD'],
    );
    const out = thrown(err) as DomainError;
    expect(out).toBeInstanceOf(DomainError);
    expect([out.status, out.message, out.headers, out.clauses]).toEqual([
      400,
      'Invalid params',
      { 'x-seen': '1' },
      ['PLAYGROUND-HISTORY-FIELD'],
    ]);
    expect(out.details?.map((d) => d.path)).toEqual([
      VARIANT_FIELD,
      `${VARIANT_FIELD}.50`,
      `${VARIANT_FIELD}.0.role`,
      'query',
      'messagesX',
      'old.messages',
    ]);
  });

  it('rethrows as it is a DomainError without details, and any other error (details or not)', () => {
    const bare = new DomainError(402, 'Insufficient credits');
    expect(thrown(bare)).toBe(bare);
    const other = new TypeError('boom');
    expect(thrown(other)).toBe(other);
    const lookalike = Object.assign(new Error('Invalid params'), {
      details: [{ path: 'messages', message: 'bad' }],
    });
    expect(thrown(lookalike)).toBe(lookalike);
  });
});
