/**
 * The admin secret of the control API and the provider states (FAKE-ADMIN-SECRET-SAFE): compared in constant time
 * (both sides hashed first, so neither their length nor their first differing byte shows in the time an answer
 * takes), made at random on request, and refused on a network when it is the published default.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The control API's secret when none is given: published in the docs, fit for loopback only. */
export const DEFAULT_ADMIN_SECRET = 'fake-admin-secret';

/** `--admin-secret random`: a fresh secret, printed once and written into the target file. */
export const RANDOM_SECRET = 'random';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether `given` (a header, maybe absent) is the secret, in time that does not depend on either. */
export function sameSecret(given: string | undefined, secret: string): boolean {
  return timingSafeEqual(digest(given ?? ''), digest(secret)) && given !== undefined;
}

export const randomSecret = (): string => randomBytes(24).toString('base64url');

/** Whether `host` only takes connections from this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * Why the fake must not start with this secret on this host, or undefined: bound to anything but loopback, the
 * control API (reset, remove any organization, move the clock, inject faults) must not answer to the default.
 */
export function unsafeOnNetwork(host: string, secret: string | undefined): string | undefined {
  if (isLoopback(host)) return undefined;
  if (secret !== undefined && secret !== DEFAULT_ADMIN_SECRET) return undefined;
  return `refusing to listen on ${host} with the published default control secret: anyone who can reach it could reset the fake, remove any organization or inject faults; give --admin-secret SECRET (or FAKE_ADMIN_SECRET), or --admin-secret random for a fresh one`;
}
