/**
 * What happens to requests for hosts no interception serves (LIB-INTERCEPT-OTHER-HOSTS). nock is global, so this
 * is one policy for the process while interceptions are active: `refuse` if any active interception refuses,
 * else `passthrough`. Refusing never touches nock's own net-connect setting (which stays what the caller made it):
 * nock announces a request it has no interceptor for ('no match') before it lets it out, and the policy rejects it
 * there with an error that names the host and the intercepted base URLs. Loopback hosts (localhost, 127.0.0.0/8,
 * ::1) are never refused: a local server is part of the test, not the network.
 */
import type nockModule from 'nock';

export type OtherHosts = 'refuse' | 'passthrough';

export interface ActiveInterception {
  /** `proto://host:port` as nock keys it. */
  origin: string;
  baseUrl: string;
  otherHosts: OtherHosts;
}

/** The error a refused request fails with. */
export class RefusedHostError extends Error {
  readonly code = 'ERR_CHATBOT_INTERCEPT_REFUSED';
  constructor(
    readonly url: string,
    readonly intercepted: readonly string[],
  ) {
    super(
      `interceptChatbotApi refused a request to ${url}: only ${intercepted.join(', ')} ${intercepted.length > 1 ? 'are' : 'is'} intercepted and other hosts are refused (otherHosts: 'refuse'; pass otherHosts: 'passthrough' to let them reach the network)`,
    );
    this.name = 'RefusedHostError';
  }
}

const active = new Set<ActiveInterception>();
let listening: { nock: typeof nockModule; listener: (...args: unknown[]) => void } | undefined;

export function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

interface RequestOptionsLike {
  proto?: string;
  protocol?: string;
  hostname?: string;
  host?: string;
  port?: number | string;
  path?: string;
}

/** The URL nock was asked for: its 'no match' event carries request options or a request holding them. */
function urlOf(arg: unknown): URL | undefined {
  const o = ((arg as { options?: RequestOptionsLike })?.options ?? arg) as RequestOptionsLike | undefined;
  const proto = o?.proto ?? o?.protocol?.replace(/:$/, '');
  const host = o?.host ?? o?.hostname;
  if (!proto || !host) return undefined;
  try {
    return new URL(`${proto}://${host}${o?.path ?? '/'}`);
  } catch {
    return undefined;
  }
}

function onNoMatch(...args: unknown[]): void {
  // With three arguments nock is inside a scope of that host (its own no-match error follows); not ours to judge.
  if (args.length > 1 || ![...active].some((a) => a.otherHosts === 'refuse')) return;
  const url = urlOf(args[0]);
  if (!url || isLoopback(url.hostname)) return;
  throw new RefusedHostError(
    `${url.origin}${url.pathname}`,
    [...active].map((a) => a.baseUrl),
  );
}

export function activeFor(origin: string): ActiveInterception | undefined {
  for (const a of active) if (a.origin === origin) return a;
  return undefined;
}

/** Add an interception to the policy; the returned function removes it (a second call does nothing). */
export function addActive(nock: typeof nockModule, entry: ActiveInterception): () => void {
  active.add(entry);
  if (!listening) {
    listening = { nock, listener: onNoMatch };
    nock.emitter.on('no match', onNoMatch);
  }
  return () => {
    active.delete(entry);
    if (active.size === 0 && listening) {
      listening.nock.emitter.off('no match', listening.listener);
      listening = undefined;
    }
  };
}
