/**
 * Request bodies for the Platform operations, as fast-check arbitraries: valid bodies built from the target's own
 * identifiers, and every kind of bad input (wrong types, out-of-range numbers, huge strings, deep nesting, arrays,
 * prototype keys, lone surrogates, extra fields, non-JSON bytes, wrong content types, raw form bodies).
 *
 * Ranges, enums and field names come from contract/ (limits and the operation's request schema); nothing here is a
 * second copy of a schema. A valid body is valid by construction from those ranges; the domain may still refuse it
 * (a usage limit above the plan allocation, an invitation to an existing member), which is fine for the properties.
 */
import { deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { z } from 'zod';
import {
  aiModes,
  invitationRoles,
  type Operation,
  paging,
  playground,
  removableLimitTypes,
  search,
  settableLimitTypes,
  settingsRanges,
} from '../../../contract/index.js';

/** What a valid body may refer to on the target. */
export interface BodyContext {
  projectUid: string;
  /** Another project of the organization (a valid but different reference). */
  otherProjectUid?: string;
  /** A session of `projectUid` (for getSessionMessages). */
  sessionUid?: number;
  /** A playground session of `projectUid` (for playgroundAgentResponse). */
  playgroundSessionUid?: number;
  /** `value`s read from getSupportedModels. */
  models: readonly string[];
}

/**
 * One generated request body. `object` bodies are encoded as the operation's table says (JSON or form);
 * `raw` bodies are sent as these exact bytes with this content type (none when absent).
 */
export type Probe =
  | { readonly kind: 'object'; readonly label: string; readonly body: unknown }
  | {
      readonly kind: 'raw';
      readonly label: string;
      readonly body: string | Buffer;
      readonly contentType?: string;
      /** Further request headers (e.g. Content-Encoding). */
      readonly headers?: Readonly<Record<string, string>>;
    };

type Body = Record<string, unknown>;

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

// ---------------------------------------------------------------------------------------------------------------
// Strings and values

/** A single lone (unpaired) UTF-16 surrogate. */
export const loneSurrogateArb: fc.Arbitrary<string> = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((c) => String.fromCharCode(c));

/**
 * Any code point, surrogates and controls included (built from integers: fast-check's own `binary` unit builds a
 * reverse table of every code point, which costs seconds per property).
 */
export const codePointArb: fc.Arbitrary<string> = fc
  .integer({ min: 0, max: 0x10ffff })
  .map((c) => String.fromCodePoint(c));

/** Unicode oddities: graphemes, any code point, lone surrogates, control characters and classic nasty strings. */
export const nastyStringArb: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.array(codePointArb, { maxLength: 40 }).map((cs) => cs.join('')),
  fc
    .array(
      fc.oneof(
        loneSurrogateArb,
        fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
      ),
      { maxLength: 20 },
    )
    .map((cs) => cs.join('')),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uFEFF',
    '\u202Egnp.exe',
    '\uD800',
    '\uDFFFx',
    'a\uD83D',
    '👩‍👩‍👧‍👦',
    'Ω≈ç√∫˜µ≤≥÷',
    'null',
    'undefined',
    'NaN',
    '[object Object]',
    '__proto__',
    'constructor',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00%ff',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
    '${7*7}{{7*7}}',
    '\r\n\r\nX-Injected: 1',
  ),
);

/** Long strings: 5 KB to ~100 KB, a short seed repeated (cut anywhere, so a surrogate pair may be split). */
export const hugeStringArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
    fc.integer({ min: 5_000, max: 100_000 }),
  )
  .map(([seed, n]) => seed.repeat(Math.ceil(n / seed.length)).slice(0, n));

/** Numbers outside any of the spec's ranges, fractions where integers go, and the edges of doubles. */
export const outOfRangeNumberArb: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    1.5,
    2.000001,
    4,
    11,
    51,
    101,
    1001,
    5001,
    43_201,
    2 ** 31,
    -(2 ** 31),
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Strings that look like numbers (JSON fields are not coerced). */
export const numericStringArb: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -1000, max: 100_000 }).map(String),
  fc.constantFrom('1e3', ' 5', '5 ', '0x10', '10abc', '', '-0', '1.0', '٣', 'Infinity', '+1'),
);

/** Any JSON value, objects and arrays included. */
export const jsonValueArb: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });

/** A value of the wrong JSON type for whatever field it lands in. */
export const wrongTypeValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.boolean(),
  fc.constant(null),
  fc.integer(),
  fc.string({ maxLength: 20 }),
  fc.constantFrom([], {}, [1], ['ASC'], { $gt: '' }, { limit: 1 }),
  jsonValueArb,
);

/** A value nested `depth` levels deep (arrays or objects). */
export const deepValueArb: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 16, max: 1_500 }), fc.boolean())
  .map(([depth, arrays]) => {
    let v: unknown = arrays ? [] : {};
    for (let i = 0; i < depth; i += 1) v = arrays ? [v] : { a: v };
    return v;
  });

/** Keys that mean something to a JavaScript object. */
export const prototypeKeyArb: fc.Arbitrary<string> = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
);

/** Extra field names: prototype keys, random names, names of other operations' fields. */
export const extraKeyArb: fc.Arbitrary<string> = fc.oneof(
  prototypeKeyArb,
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom(
    'id',
    'organization_id',
    'role',
    'type',
    'data',
    'total',
    'limits',
    'password',
    'admin',
    '',
  ),
);

/** An own, enumerable property even for `__proto__` (a plain assignment would set the prototype instead). */
function withKey(body: Body, key: string, value: unknown): Body {
  const copy: Body = {};
  for (const k of Object.keys(body)) Object.defineProperty(copy, k, ownProperty(body[k]));
  Object.defineProperty(copy, key, ownProperty(value));
  return copy;
}

const ownProperty = (value: unknown): PropertyDescriptor => ({
  value,
  enumerable: true,
  writable: true,
  configurable: true,
});

function withoutKey(body: Body, key: string): Body {
  const copy: Body = {};
  for (const k of Object.keys(body)) if (k !== key) Object.defineProperty(copy, k, ownProperty(body[k]));
  return copy;
}

// ---------------------------------------------------------------------------------------------------------------
// Valid bodies, per operation

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const dayArb = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2030-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const dateOnlyArb = dayArb.map(ymd);
/** The three formats getStats accepts. */
const statsDateArb = fc.oneof(
  dateOnlyArb,
  dayArb.map((d) => d.toISOString().slice(0, 19).replace('T', ' ')),
  dayArb.map((d) => d.toISOString()),
);
const orderByArb = fc.constantFrom('ASC', 'DESC');
const wordArb = fc.constantFrom(
  'refund',
  'invoice',
  'password',
  'reset',
  'flight',
  'baggage',
  'holiday',
  'policy',
  'export',
  'account',
  'ledger',
  'hotel',
);
const queryArb = fc.oneof(
  { arbitrary: fc.array(wordArb, { minLength: 1, maxLength: 6 }).map((w) => w.join(' ')), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }), weight: 2 },
  {
    arbitrary: fc.integer({ min: 1, max: search.bearer.queryMaxLength }).map((n) => 'q'.repeat(n)),
    weight: 1,
  },
);
const intIn = (r: { min: number; max: number }) => fc.integer(r);
const smallPage = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 4 },
  fc.integer({ min: 1, max: 10_000 }),
);

export const projectUidArb = (ctx: BodyContext): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constant(ctx.projectUid), weight: 8 },
    { arbitrary: fc.constant(ctx.otherProjectUid ?? ctx.projectUid), weight: 1 },
    { arbitrary: fc.stringMatching(/^[a-z0-9]{8,20}$/), weight: 1 },
  );

const modelArb = (ctx: BodyContext) =>
  ctx.models.length > 0 ? fc.constantFrom(...ctx.models) : fc.constant('gpt-4o-mini');

/** Email addresses any validator accepts. */
export const emailArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9]{0,15}$/),
    fc.constantFrom('example.com', 'example.org', 'test.example'),
  )
  .map(([local, domain]) => `${local}@${domain}`);

/** A valid body for each Platform operation (form operations get string-or-number values; the target encodes). */
export function validBodyArb(operationId: string, ctx: BodyContext): fc.Arbitrary<Body> {
  const uid = projectUidArb(ctx);
  switch (operationId) {
    case 'getMyProjects':
      return fc.record(
        {
          search: fc.oneof(fc.constantFrom('Acme', 'travel', 'HR', 'e', ''), fc.string({ maxLength: 30 })),
          limit: intIn(paging.projects),
          page: smallPage,
          orderBy: orderByArb,
        },
        { requiredKeys: [] },
      );
    case 'getOrganizationDetail':
    case 'getSupportedModels':
      return fc.constant({});
    case 'getOrganizationMembers':
      return fc.record({ limit: intIn(paging.members), page: smallPage }, { requiredKeys: [] });
    case 'inviteOrganizationMember':
      return fc.record({ email: emailArb, role: fc.constantFrom(...invitationRoles) });
    case 'updateChatbot':
      return fc.record(
        {
          project_uid: uid,
          name: fc
            .string({ unit: 'grapheme', minLength: 1, maxLength: 60 })
            .filter((s) => s.trim().length > 0),
          retention_duration: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10 * 365 * 24 * 3600 })),
        },
        { requiredKeys: ['project_uid'] },
      );
    case 'updateProjectSettings':
      return fc.record(
        {
          project_uid: uid,
          prompt: fc.string({ unit: 'grapheme', maxLength: 200 }),
          restriction: fc.string({ unit: 'grapheme', maxLength: 200 }),
          model: modelArb(ctx),
          temperature: fc.double({ ...settingsRanges.temperature, noNaN: true }),
          mode: fc.constantFrom(...aiModes),
          chat_history_count: intIn(settingsRanges.chat_history_count),
          max_nodes: intIn(settingsRanges.max_nodes),
          add_page_link: intIn(settingsRanges.add_page_link),
          auto_close_duration: intIn(settingsRanges.auto_close_duration),
          auto_resolve_duration: intIn(settingsRanges.auto_resolve_duration),
        },
        { requiredKeys: ['project_uid'] },
      );
    case 'getProjectUsageLimit':
    case 'createPlaygroundAgentSession':
      return fc.record({ project_uid: uid });
    case 'setProjectUsageLimit':
      return fc.record({
        project_uid: uid,
        limits: fc.array(
          fc.record({
            limit_type: fc.constantFrom(...settableLimitTypes),
            limit: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 1_000_000 })),
          }),
          { minLength: 1, maxLength: 3 },
        ),
      });
    case 'removeProjectUsageLimit':
      return fc.record({ project_uid: uid, limit_type: fc.constantFrom(...removableLimitTypes) });
    case 'getStats':
      return fc.record(
        { project_uid: uid, from: statsDateArb, to: statsDateArb },
        { requiredKeys: ['project_uid'] },
      );
    case 'getSessions':
      return fc.record(
        {
          project_uid: uid,
          status: fc.constantFrom('open', 'closed'),
          from: dateOnlyArb,
          to: dateOnlyArb,
          limit: intIn(paging.sessions),
          page: smallPage,
          orderBy: orderByArb,
        },
        { requiredKeys: ['project_uid'] },
      );
    case 'getSessionMessages':
      return fc.record(
        {
          project_uid: uid,
          session_uid: fc.oneof(
            { arbitrary: fc.constant(ctx.sessionUid ?? 0), weight: 6 },
            { arbitrary: fc.constant(ctx.playgroundSessionUid ?? 0), weight: 1 },
            { arbitrary: fc.nat(), weight: 1 },
          ),
          limit: intIn(paging.messages),
          page: smallPage,
          orderBy: orderByArb,
        },
        { requiredKeys: ['project_uid', 'session_uid'] },
      );
    case 'playgroundAgentResponse': {
      const sessionUid = ctx.playgroundSessionUid ?? ctx.sessionUid ?? 0;
      return fc.record(
        {
          project_uid: uid,
          session_uid: fc.oneof(
            { arbitrary: fc.constant<number | string>(sessionUid), weight: 6 },
            { arbitrary: fc.constant<number | string>(String(sessionUid)), weight: 1 },
            { arbitrary: fc.nat(), weight: 1 },
          ),
          query: queryArb,
          agent_setting: fc.record(
            {
              model: modelArb(ctx),
              system_prompt: fc.string({ maxLength: 100 }),
              temperature: fc.double({ ...settingsRanges.temperature, noNaN: true }),
            },
            { requiredKeys: [] },
          ),
          messages: fc.array(
            fc.record({ role: fc.constantFrom('user', 'assistant'), content: fc.string({ maxLength: 80 }) }),
            { maxLength: playground.historyMaxItems },
          ),
        },
        { requiredKeys: ['project_uid', 'session_uid', 'query'] },
      );
    }
    case 'searchIndexDocument':
      return fc.record(
        {
          project_uid: uid,
          query: queryArb,
          limit: intIn({ min: search.bearer.limitMin, max: search.bearer.limitMax }),
          offset: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.nat()),
          node_id: fc.string({ minLength: 1, maxLength: 30 }),
        },
        { requiredKeys: ['project_uid', 'query', 'limit'] },
      );
    default:
      throw new Error(`no valid-body arbitrary for ${operationId}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Bad bodies

/** The field names of an operation's request, read from its contract schema. */
export function requestFields(op: Operation): string[] {
  return op.request instanceof z.ZodObject ? Object.keys(op.request.shape) : [];
}

/** A value that does not belong in the field it replaces. */
export const badValueArb: fc.Arbitrary<{ label: string; value: unknown }> = fc.oneof(
  { arbitrary: wrongTypeValueArb.map((value) => ({ label: 'wrong type', value })), weight: 4 },
  { arbitrary: outOfRangeNumberArb.map((value) => ({ label: 'out-of-range number', value })), weight: 4 },
  { arbitrary: numericStringArb.map((value) => ({ label: 'numeric string', value })), weight: 2 },
  { arbitrary: nastyStringArb.map((value) => ({ label: 'unicode', value })), weight: 3 },
  { arbitrary: hugeStringArb.map((value) => ({ label: 'huge string', value })), weight: 1 },
  { arbitrary: deepValueArb.map((value) => ({ label: 'deep nesting', value })), weight: 1 },
);

/** A valid body with one field (of the schema or of the body) replaced by a bad value, or removed. */
export const mutatedBodyArb = (op: Operation, valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> =>
  fc.tuple(valid, fc.nat(), badValueArb, fc.nat({ max: 9 })).map(([body, pick, bad, how]) => {
    const keys = [...new Set([...requestFields(op), ...Object.keys(body)])];
    const key = keys.length > 0 ? keys[pick % keys.length]! : 'field';
    if (how === 0) return { kind: 'object', label: `missing ${key}`, body: withoutKey(body, key) };
    return { kind: 'object', label: `${bad.label} in ${key}`, body: withKey(body, key, bad.value) };
  });

/** A valid body plus extra fields, prototype keys among them. */
export const extraFieldsBodyArb = (valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> =>
  fc
    .tuple(
      valid,
      fc.array(fc.tuple(extraKeyArb, fc.oneof(jsonValueArb, deepValueArb)), { minLength: 1, maxLength: 5 }),
    )
    .map(([body, extras]) => ({
      kind: 'object',
      label: `extra fields ${extras.map(([k]) => JSON.stringify(k)).join(',')}`,
      body: extras.reduce<Body>((b, [k, v]) => withKey(b, k, v), body),
    }));

/** JSON text of a valid body with `__proto__` / `constructor.prototype` spliced in, as raw bytes. */
export const prototypePollutionArb = (valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> =>
  fc
    .tuple(
      valid,
      fc.constantFrom(
        '"__proto__":{"polluted":true,"limit":"x","project_uid":"nope"}',
        '"constructor":{"prototype":{"polluted":true}}',
        '"__proto__":null',
        '"__proto__":[1,2]',
        '"prototype":{"polluted":true}',
        '"a":{"__proto__":{"polluted":true}}',
        '"__proto__":{"__proto__":{"polluted":true}}',
      ),
      fc.boolean(),
    )
    .map(([body, inject, first]) => {
      const text = JSON.stringify(body);
      const inner = text.slice(1, -1);
      const joined = inner === '' ? inject : first ? `${inject},${inner}` : `${inner},${inject}`;
      return { kind: 'raw', label: `prototype keys ${inject}`, body: `{${joined}}`, contentType: JSON_TYPE };
    });

/** Deep nesting as raw JSON text (deeper than JSON.stringify could build), in a field or as the whole body. */
export const deepRawArb = (op: Operation, valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> =>
  fc
    .tuple(
      valid,
      // Mostly a few thousand levels (past any naive recursion); now and then 20,000 (JSON.parse of those costs ~10 ms).
      fc.oneof(
        { arbitrary: fc.integer({ min: 100, max: 3_000 }), weight: 4 },
        fc.integer({ min: 3_000, max: 20_000 }),
      ),
      fc.constantFrom('[', '{"a":'),
      fc.nat(),
    )
    .map(([body, depth, open, pick]) => {
      const close = open === '[' ? ']' : '}';
      const deep = `${open.repeat(depth)}${open === '[' ? '' : 'null'}${close.repeat(depth)}`;
      const keys = [...requestFields(op), 'agent_setting', 'extra'];
      const key = keys[pick % keys.length]!;
      const text = JSON.stringify(withoutKey(body, key)).slice(1, -1);
      const raw = `{${text === '' ? '' : `${text},`}${JSON.stringify(key)}:${deep}}`;
      return { kind: 'raw', label: `deep raw (${depth}) in ${key}`, body: raw, contentType: JSON_TYPE };
    });

/** JSON that parses but is not an object: arrays (of valid bodies too), strings, numbers, booleans, null. */
export const notAnObjectArb = (valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> =>
  fc.oneof(
    fc
      .array(valid, { maxLength: 3 })
      .map((a) => ({ kind: 'object' as const, label: 'array of bodies', body: a })),
    fc
      .oneof(
        fc.string(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
      )
      .map((v) => ({
        kind: 'raw' as const,
        label: 'JSON scalar',
        body: JSON.stringify(v),
        contentType: JSON_TYPE,
      })),
    fc
      .constantFrom('[]', '[{}]', 'null', '""', '0', 'true', '[[[]]]')
      .map((t) => ({ kind: 'raw' as const, label: 'JSON non-object', body: t, contentType: JSON_TYPE })),
  );

/** Bytes that are not JSON, sent with a JSON content type. */
export const notJsonArb = (valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> =>
  fc.oneof(
    fc.uint8Array({ minLength: 1, maxLength: 512 }).map((b) => ({
      kind: 'raw' as const,
      label: 'random bytes',
      body: Buffer.from(b),
      contentType: JSON_TYPE,
    })),
    fc.tuple(valid, fc.nat()).map(([body, cut]) => {
      const text = JSON.stringify(body);
      return {
        kind: 'raw' as const,
        label: 'truncated JSON',
        body: text.slice(0, cut % Math.max(1, text.length)),
        contentType: JSON_TYPE,
      };
    }),
    fc.tuple(valid, fc.constantFrom('x', '}', ',', '{}', ' // c', '\u0000')).map(([body, tail]) => ({
      kind: 'raw' as const,
      label: 'trailing garbage',
      body: `${JSON.stringify(body)}${tail}`,
      contentType: JSON_TYPE,
    })),
    fc
      .constantFrom(
        "{'limit': 1}",
        '{limit: 1}',
        '{"limit": NaN}',
        '{"limit": Infinity}',
        '{"limit": 1,}',
        '{"limit": 01}',
        '{"limit": 1e999999}',
        '{"a": "\\ud800"}',
        '{"a": "\\u00"}',
        '{"a": "tab\there"}',
        '\uFEFF{}',
        '{"a":1}{"b":2}',
        '{/* comment */}',
        '<xml/>',
        'limit=1',
      )
      .map((t) => ({ kind: 'raw' as const, label: 'not JSON', body: t, contentType: JSON_TYPE })),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => ({
      kind: 'raw' as const,
      label: 'invalid UTF-8 in a string',
      body: Buffer.concat([
        Buffer.from('{"search":"'),
        Buffer.from(b.map((x) => x | 0x80)),
        Buffer.from('"}'),
      ]),
      contentType: JSON_TYPE,
    })),
  );

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encode a string as UTF-8 (lone surrogates become U+FFFD instead of a thrown URIError). */
export const percentEncode = (s: string): string => encodeURIComponent(s.replace(LONE_SURROGATE, '\uFFFD'));

/** A valid body written as form text, or JSON text, for the encoding the operation does NOT take. */
const textOf = (body: Body, as: 'json' | 'form') =>
  as === 'json'
    ? JSON.stringify(body)
    : Object.entries(body)
        .map(
          ([k, v]) => `${percentEncode(k)}=${percentEncode(typeof v === 'string' ? v : JSON.stringify(v))}`,
        )
        .join('&');

/** The right bytes under a content type the operation does not take (or none), and odd spellings of the right one. */
export const wrongContentTypeArb = (op: Operation, valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> => {
  const other = op.encoding === 'json' ? FORM_TYPE : JSON_TYPE;
  return fc
    .tuple(
      valid,
      fc.constantFrom<string | undefined>(
        other,
        undefined,
        'text/plain',
        'text/json',
        'application/xml',
        'application/octet-stream',
        'multipart/form-data; boundary=x',
        'application/vnd.api+json',
        'application/json-patch+json',
        'application/javascript',
        '*/*',
        'application/',
        'json',
        'garbage; ;;',
      ),
      fc.boolean(),
    )
    .map(([body, contentType, asOther]) => {
      const text = textOf(body, asOther ? (op.encoding === 'json' ? 'form' : 'json') : op.encoding);
      const payload = text === '' ? ' ' : text;
      return {
        kind: 'raw',
        label: `content type ${contentType ?? '(none)'}`,
        body: payload,
        ...(contentType !== undefined ? { contentType } : {}),
      };
    });
};

/** The right media type spelled with parameters or in another case (CONV-CONTENT-TYPE-PARAMS). */
export const contentTypeSpellingArb = (op: Operation, valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> => {
  const base = op.encoding === 'json' ? JSON_TYPE : FORM_TYPE;
  return fc
    .tuple(
      valid,
      fc.constantFrom(
        `${base}; charset=utf-8`,
        base.toUpperCase(),
        `${base};charset=UTF-8`,
        `${base}; charset=latin1`,
        `${base}; charset=nope`,
      ),
    )
    .map(([body, contentType]) => ({
      kind: 'raw',
      label: `content type ${contentType}`,
      body: textOf(body, op.encoding),
      contentType,
    }));
};

/** Bodies under a Content-Encoding: well compressed, not compressed at all, or an encoding nobody knows. */
export const contentEncodingArb = (op: Operation, valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> =>
  fc
    .tuple(
      valid,
      fc.constantFrom('gzip', 'deflate', 'br', 'compress', 'x-unknown', 'gzip, gzip', 'identity'),
      fc.constantFrom('compressed', 'plain', 'random bytes'),
      fc.uint8Array({ minLength: 1, maxLength: 64 }),
    )
    .map(([body, encoding, form, bytes]): Probe => {
      const text = textOf(body, op.encoding);
      const payload =
        form === 'random bytes'
          ? Buffer.from(bytes)
          : form === 'plain' || encoding === 'identity'
            ? Buffer.from(text)
            : encoding === 'deflate'
              ? deflateSync(text)
              : gzipSync(text);
      return {
        kind: 'raw',
        label: `content encoding ${encoding} (${form})`,
        body: payload,
        contentType: op.encoding === 'json' ? JSON_TYPE : FORM_TYPE,
        headers: { 'content-encoding': encoding },
      };
    });

/** Raw form bodies: repeated keys, bracket and dot keys, prototype keys, bad percent-escapes, huge values. */
export const rawFormArb = (op: Operation, valid: fc.Arbitrary<Body>): fc.Arbitrary<Probe> => {
  const fields = requestFields(op);
  const keyArb = fc.oneof(
    { arbitrary: fc.constantFrom(...(fields.length > 0 ? fields : ['project_uid'])), weight: 4 },
    {
      arbitrary: fc.constantFrom(
        'project_uid[]',
        'limit[0]',
        'a[b][c][d][e][f][g][h]',
        'a.b.c',
        '__proto__[polluted]',
        'constructor[prototype][polluted]',
        'hasOwnProperty',
        'toString',
        '',
        '[]',
        '%',
      ),
      weight: 2,
    },
    { arbitrary: nastyStringArb.map(percentEncode), weight: 1 },
  );
  const valueArb = fc.oneof(
    { arbitrary: fc.string({ maxLength: 12 }).map(percentEncode), weight: 3 },
    { arbitrary: numericStringArb.map(percentEncode), weight: 2 },
    { arbitrary: fc.constantFrom('', '%', '%zz', '%E0%A4%A', '+', '%00', '-1', '1.5', '1e3'), weight: 2 },
    { arbitrary: nastyStringArb.map(percentEncode), weight: 1 },
    { arbitrary: hugeStringArb.map(percentEncode), weight: 1 },
  );
  return fc
    .tuple(
      valid,
      fc.array(fc.tuple(keyArb, valueArb), { maxLength: 8 }),
      fc.constantFrom('&', '&', ';', '&&'),
    )
    .map(([body, pairs, sep]) => {
      const base = textOf(body, 'form');
      const extra = pairs.map(([k, v]) => `${k}=${v}`).join(sep);
      const text = [base, extra].filter((s) => s !== '').join('&');
      return { kind: 'raw', label: 'raw form', body: text, contentType: FORM_TYPE };
    });
};

/**
 * The whole mix for one operation: valid bodies, mutated ones, extra and prototype keys, deep nesting, non-objects,
 * non-JSON bytes, wrong and oddly spelled content types and, for form operations, raw form text.
 */
export function probeArb(op: Operation, ctx: BodyContext): fc.Arbitrary<Probe> {
  const valid = validBodyArb(op.id, ctx);
  const validProbe = valid.map((body): Probe => ({ kind: 'object', label: 'valid', body }));
  const common = [
    { arbitrary: validProbe, weight: 30 },
    { arbitrary: mutatedBodyArb(op, valid), weight: 30 },
    { arbitrary: extraFieldsBodyArb(valid), weight: 8 },
    { arbitrary: contentTypeSpellingArb(op, valid), weight: 3 },
    { arbitrary: wrongContentTypeArb(op, valid), weight: 6 },
    { arbitrary: contentEncodingArb(op, valid), weight: 3 },
  ];
  if (op.encoding === 'form') return fc.oneof(...common, { arbitrary: rawFormArb(op, valid), weight: 20 });
  return fc.oneof(
    ...common,
    { arbitrary: prototypePollutionArb(valid), weight: 5 },
    { arbitrary: deepRawArb(op, valid), weight: 4 },
    { arbitrary: notAnObjectArb(valid), weight: 5 },
    { arbitrary: notJsonArb(valid), weight: 6 },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Credentials

/** What the target's config offers to build near-miss credentials from. */
export interface CredentialContext {
  /** A valid token value (never sent as-is). */
  token?: string;
  projectKey?: string;
}

/**
 * Request headers carrying a credential that is never a valid Platform token: missing, empty, garbage, another
 * scheme, the wrong prefix, a near miss of a real token, a project key as Bearer, a token in the wrong header.
 */
export function badCredentialArb(
  c: CredentialContext,
): fc.Arbitrary<{ label: string; headers: Record<string, string> }> {
  const token = c.token ?? 'api-v1-0000000000000000000000000000000000000000';
  const printable = fc.string({ unit: 'grapheme-ascii', maxLength: 60 });
  const suffix = fc.stringMatching(/^[a-z0-9]{1,48}$/);
  const auth = (label: string, value: string) => ({ label, headers: { authorization: value } });
  return fc.oneof(
    fc.constant({ label: 'no credential', headers: {} }),
    fc
      .constantFrom('', 'Bearer', 'Bearer ', 'Bearer    ', 'Basic', 'null', 'undefined')
      .map((v) => auth('empty', v)),
    printable.map((v) => auth('garbage', v)),
    printable.map((v) => auth('Bearer garbage', `Bearer ${v}`)),
    suffix.map((s) => auth('right prefix, unknown token', `Bearer api-v1-${s}`)),
    fc
      .constantFrom('api-v2-', 'api-v0-', 'API-V1-', 'api_v1_', 'apk-', 'api-', 'v1-', '')
      .map((p) => auth('wrong prefix', `Bearer ${p}${token.replace(/^api-v1-/, '')}`)),
    fc
      .constantFrom(
        `${token}x`,
        token.slice(0, -1),
        `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`,
        token.toUpperCase(),
        `${token} ${token}`,
        `${token},${token}`,
      )
      .map((v) => auth('near miss', `Bearer ${v}`)),
    fc
      .constantFrom(
        `Basic ${Buffer.from(`user:${token}`).toString('base64')}`,
        `Token ${token}`,
        token,
        `Bearer: ${token}`,
      )
      .map((v) => auth('other scheme', v)),
    fc.constant(auth('project key as Bearer', `Bearer ${c.projectKey ?? 'apk-0000000000000000'}`)),
    fc
      .constantFrom('api-key', 'x-api-key', 'token', 'x-auth-token')
      .map((h) => ({ label: `token in ${h}`, headers: { [h]: token } })),
  );
}
