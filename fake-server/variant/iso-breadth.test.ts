/**
 * iso-breadth (FAKE-VARIANT): datetimes written as `2024-01-01T10:00:00+00:00`; getStats reading any ISO 8601 date
 * or date-time; getChatbotExecutionLogs taking a date-time as its UTC day. Each against the default fake.
 */
import { describe, expect, it } from 'vitest';
import { readIso8601 } from '../domain/variant-iso-dates.js';
import { bothSides, newSession, type Side } from './variant.test-support.js';

const FAKE_PROFILE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const VARIANT_PROFILE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const DATETIME_KEY = /(?:At|_at|_time)$/;

/** Every datetime field of an answer's data, with its path (null ones left out). */
function stamps(value: unknown, path = 'data', found: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) value.forEach((v, i) => void stamps(v, `${path}[${i}]`, found));
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value))
      if (typeof v === 'string' && DATETIME_KEY.test(k)) found.push([`${path}.${k}`, v]);
      else stamps(v, `${path}.${k}`, found);
  return found;
}

/** The answers that carry datetimes: projects, organization, members, sessions, messages, execution logs. */
async function datedAnswers(s: Side) {
  const session = (await s.form('/api/v1/getSessions', { project_uid: s.projectUid, limit: 1 })).body.data[0];
  return [
    await s.platform('/api/v1/getMyProjects'),
    await s.platform('/api/v1/getOrganizationDetail'),
    await s.platform('/api/v1/getOrganizationMembers'),
    await s.form('/api/v1/getSessions', { project_uid: s.projectUid, limit: 50 }),
    await s.form('/api/v1/getSessionMessages', {
      project_uid: s.projectUid,
      session_uid: session.session_uid,
    }),
    await s.integration('/api/v1/getChatbotExecutionLogs', { limit: 50 }),
  ];
}

const stats = async (s: Side, range: Record<string, string>) =>
  s.platform('/api/v1/getStats', { project_uid: s.projectUid, ...range });
const logIds = async (s: Side, range: Record<string, string>) => {
  const res = await s.integration('/api/v1/getChatbotExecutionLogs', { limit: 100, ...range });
  expect(res.status, `${JSON.stringify(range)}: ${res.text}`).toBe(200);
  return (res.body.data as { id: number }[]).map((l) => l.id);
};

describe('iso-breadth [FAKE-VARIANT, CONV-DATETIME-PROFILE, STATS-ISO-PROFILE, EXEC-LOGS-DATE-STRICT]', () => {
  it('writes every datetime as seconds with +00:00, the same instant to the second; the default writes .000Z', async () => {
    const { plain, variant } = bothSides('iso-breadth');
    const before = await datedAnswers(plain);
    const after = await datedAnswers(variant);
    for (const [i, res] of after.entries()) {
      const was = stamps(before[i]!.body.data);
      const now = stamps(res.body.data);
      expect(was.length, before[i]!.text.slice(0, 200)).toBeGreaterThan(0);
      expect(now.map(([p]) => p)).toEqual(was.map(([p]) => p));
      for (const [j, [path, value]] of now.entries()) {
        const old = was[j]![1];
        expect(old, path).toMatch(FAKE_PROFILE);
        expect(value, path).toMatch(VARIANT_PROFILE);
        expect(Date.parse(value), path).toBe(Math.floor(Date.parse(old) / 1000) * 1000);
      }
    }
  });

  it('rewrites only datetime fields: message text shaped like one, and the control API, keep the default', async () => {
    const { variant } = bothSides('iso-breadth');
    const uid = await newSession(variant);
    const text = '2024-01-01T10:00:00.000Z';
    const sent = await variant.integration('/api/v1/sendMessage', {
      widget_uid: variant.widgetUid,
      session_uid: uid,
      message: text,
    });
    expect(sent.status).toBe(200);
    const messages = await variant.form('/api/v1/getSessionMessages', {
      project_uid: variant.projectUid,
      session_uid: uid,
    });
    expect(messages.body.data.map((m: { message: string }) => m.message)).toContain(text);
    expect((await variant.control('get', '/clock')).body.data.now).toMatch(FAKE_PROFILE);
  });

  it('getStats takes reduced precision, basic, ordinal and week forms, read as the same instants', async () => {
    const { plain, variant } = bothSides('iso-breadth');
    // The seed's last sessions are on 2026-01-05, a Monday: ISO week 2 of 2026, ordinal day 5.
    const monday = (await stats(plain, { from: '2026-01-05' })).body.data;
    expect((await stats(plain, { from: '2026-01-01' })).body.data).not.toEqual(monday);
    expect((await stats(plain, { from: '2026-01-06' })).body.data).not.toEqual(monday);
    for (const from of [
      '2026-W02-1',
      '2026W021',
      '2026-005',
      '2026005',
      '20260105',
      '2026-01-05T00',
      '20260105T000000Z',
      '2026-01-05T0100+0100',
      '2026-01-05T01+01',
      '2026-01-04T19-05',
      '2026-01-04T23.5-00:30',
    ]) {
      expect((await stats(plain, { from })).status, from).toBe(400);
      const res = await stats(variant, { from });
      expect(res.status, from).toBe(200);
      expect(res.body.data, from).toEqual(monday);
    }
    // A date alone still covers its whole day as `to`; a reduced-precision time is the instant it names.
    const newYear = (await stats(plain, { to: '2026-01-01' })).body.data;
    expect((await stats(plain, { to: '2026-01-01T00:00:00Z' })).body.data).not.toEqual(newYear);
    expect((await stats(variant, { to: '2026-W01-4' })).body.data).toEqual(newYear);
    expect((await stats(variant, { to: '2026-01-01T00' })).body.data).toEqual(
      (await stats(plain, { to: '2026-01-01T00:00:00Z' })).body.data,
    );
  });

  it('getStats still refuses what no ISO 8601 reading takes, with the format messages', async () => {
    const { variant } = bothSides('iso-breadth');
    for (const from of [
      'yesterday',
      '2024/01/01',
      '01-02-2024',
      '2024-13-45',
      '2024-1-1',
      '2024-01-01 10:00',
      '2024-01-01T',
      '2024-02-30',
      '2024-367',
      '2021-W53-1',
      '2024-01-01T25',
      '2024-01-01T24:30',
      '2024-01',
    ]) {
      const res = await stats(variant, { from });
      expect(res.status, from).toBe(400);
      expect(res.body.message, from).toBe("Invalid 'from' date format");
    }
    expect((await stats(variant, { to: '2024-01-01T' })).body.message).toBe("Invalid 'to' date format");
  });

  it('getChatbotExecutionLogs takes a date-time for from and to, as its UTC day; the default refuses it', async () => {
    const { plain, variant } = bothSides('iso-breadth');
    for (const range of [{ from: '2026-01-01T00:00:00Z' }, { to: '2026-01-01 10:00:00' }]) {
      const res = await plain.integration('/api/v1/getChatbotExecutionLogs', range);
      expect(res.status, JSON.stringify(range)).toBe(400);
      expect(res.body.message).toMatch(/^Invalid params/);
    }
    // The seed has a log at 2026-01-01T15:13Z and others on 2025-12-31: the day, not the instant, decides.
    const throughNewYear = await logIds(plain, { to: '2026-01-01' });
    const throughEve = await logIds(plain, { to: '2025-12-31' });
    expect(throughNewYear).not.toEqual(throughEve);
    expect(await logIds(variant, { to: '2026-01-01T02:00:00+05:00' })).toEqual(throughEve);
    expect(await logIds(variant, { to: '2026-01-01T0200+05' })).toEqual(throughEve);
    expect(await logIds(variant, { to: '2026-01-01T00:00:00Z' })).toEqual(throughNewYear);
    expect(await logIds(variant, { from: '2026-01-01T23:59:59Z' })).toEqual(
      await logIds(plain, { from: '2026-01-01' }),
    );
    expect(await logIds(variant, { from: '2026-01-01 10:00:00', to: '20260101T100000Z' })).toEqual(
      await logIds(plain, { from: '2026-01-01', to: '2026-01-01' }),
    );
    // A date alone in another form than YYYY-MM-DD, and what is no date, stay refused.
    for (const from of ['20260101', '2026-001', '2026-1-1', 'yesterday', '2024-13-45'])
      expect((await variant.integration('/api/v1/getChatbotExecutionLogs', { from })).status, from).toBe(400);
  });

  it('reads week, ordinal, offset, fraction and end-of-day forms as ISO 8601 defines them', () => {
    const at = (text: string) => {
      const read = readIso8601(text);
      return read && new Date(read.ms).toISOString();
    };
    expect(at('2020-W53-5')).toBe('2021-01-01T00:00:00.000Z');
    expect(at('2009-W01-1')).toBe('2008-12-29T00:00:00.000Z');
    expect(at('2021-W53-1')).toBeNull();
    expect(at('2024-060')).toBe('2024-02-29T00:00:00.000Z');
    expect(at('2023-366')).toBeNull();
    expect(at('2024-01-01T10:00+0130')).toBe('2024-01-01T08:30:00.000Z');
    expect(at('2024-01-01T10,25Z')).toBe('2024-01-01T10:15:00.000Z');
    expect(at('2024-01-01T10:00:30.5')).toBe('2024-01-01T10:00:30.500Z');
    expect(at('2024-01-01T24:00')).toBe('2024-01-02T00:00:00.000Z');
    expect(at('0099-01-01')).toBe('0099-01-01T00:00:00.000Z');
    expect(readIso8601('2024-01-01T10')?.dateOnly).toBe(false);
    expect(readIso8601('2024-W01-1')?.dateOnly).toBe(true);
  });
});
