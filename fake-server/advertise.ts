/**
 * The origin a started fake gives out (FAKE-ADVERTISE-URL): in its banner and its target file, the URL others use.
 * Bound to a wildcard address (0.0.0.0, ::) the bound address is no address to call: the fake then gives out
 * --advertise-url when there is one, or else a loopback URL that works on this machine, and says so in one line.
 */
import { isIPv6 } from 'node:net';

/** The addresses of one started fake. */
export interface ListenAddresses {
  /** Where it listens, as a URL (the bound host, IPv6 in brackets): the banner's first line. */
  readonly bound: string;
  /** A URL that reaches it from this machine (loopback for a wildcard bind). */
  readonly local: string;
  /** The origin its banner and target file give out: --advertise-url, else `local`. */
  readonly advertised: string;
  /** One line to print when a wildcard bind has no --advertise-url. */
  readonly note?: string;
}

const IPV4_ANY = '0.0.0.0';

/** Whether `host` is a wildcard address (every interface): 0.0.0.0 or any spelling of ::. */
export function isWildcard(host: string): boolean {
  if (host === IPV4_ANY) return true;
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  return isIPv6(bare) && /^[0:]+$/.test(bare);
}

const urlHost = (host: string): string => {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  return isIPv6(bare) ? `[${bare}]` : bare;
};

/** The addresses of a fake bound to `host`:`port`, advertising `advertiseUrl` (an origin) when given. */
export function addressesOf(host: string, port: number, advertiseUrl: string | undefined): ListenAddresses {
  const bound = `http://${urlHost(host)}:${port}`;
  const wildcard = isWildcard(host);
  const local = wildcard ? `http://${host === IPV4_ANY ? '127.0.0.1' : '[::1]'}:${port}` : bound;
  if (advertiseUrl !== undefined) return { bound, local, advertised: advertiseUrl };
  if (!wildcard) return { bound, local, advertised: local };
  return {
    bound,
    local,
    advertised: local,
    note:
      `bound to ${host}, an address teammates cannot call: the banner and the target file give ${local} (this ` +
      `machine only); give --advertise-url http://<this machine's name or address>:${port} (or FAKE_ADVERTISE_URL) ` +
      'for a URL others can use',
  };
}
