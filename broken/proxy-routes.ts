/**
 * How the breaking proxy stands in for a target: every address of the target config (base_url, org_base_url, the
 * control API, the provider states) gets an address on the proxy with the same path, and a request to the proxy is
 * sent on to the address it stands for. The origin of base_url is the proxy's own root; any other origin gets a
 * prefix `/~N`. A request is then classified by the longest configured address it falls under.
 */
import type { TargetConfig } from '../contract/index.js';
import type { Route } from './rule.js';

export interface Upstream {
  /** The target's URL for this request. */
  url: string;
  route: Route;
  /** The path below the route's address, without the query, e.g. `/getMyProjects`. */
  path: string;
}

export interface ProxyRoutes {
  /** The target config with every address moved onto the proxy at `proxyOrigin`. */
  proxied(proxyOrigin: string): TargetConfig;
  /** Where a request to the proxy (its path and query) goes. */
  upstream(requestUrl: string): Upstream;
}

const trim = (url: string) => url.replace(/\/$/, '');

export function proxyRoutes(config: TargetConfig): ProxyRoutes {
  const addresses: [Route, string][] = [
    ['base', config.base_url],
    ...(config.org_base_url ? [['org', config.org_base_url] as [Route, string]] : []),
    ...(config.control ? [['control', config.control.url] as [Route, string]] : []),
    ...(config.provider_states ? [['states', config.provider_states.url] as [Route, string]] : []),
  ];
  const origins = [...new Set(addresses.map(([, url]) => new URL(url).origin))];
  const prefixOf = (origin: string) => {
    const n = origins.indexOf(origin);
    return n === 0 ? '' : `/~${n}`;
  };
  const bySpecificity = addresses
    .map(([route, url]) => [route, trim(url)] as const)
    .sort((a, b) => b[1].length - a[1].length);

  const move = (proxyOrigin: string, url: string) => {
    const u = new URL(url);
    return `${proxyOrigin}${prefixOf(u.origin)}${u.pathname}${u.search}`.replace(/\/$/, '');
  };

  return {
    proxied(proxyOrigin) {
      return {
        ...config,
        base_url: move(proxyOrigin, config.base_url),
        ...(config.org_base_url ? { org_base_url: move(proxyOrigin, config.org_base_url) } : {}),
        ...(config.control
          ? { control: { ...config.control, url: move(proxyOrigin, config.control.url) } }
          : {}),
        ...(config.provider_states
          ? {
              provider_states: {
                ...config.provider_states,
                url: move(proxyOrigin, config.provider_states.url),
              },
            }
          : {}),
      };
    },
    upstream(requestUrl) {
      const prefixed = /^\/~(\d+)(\/.*)?$/.exec(requestUrl);
      const origin = (prefixed ? origins[Number(prefixed[1])] : undefined) ?? (origins[0] as string);
      const rest = prefixed ? (prefixed[2] ?? '/') : requestUrl;
      const url = `${origin}${rest}`;
      const bare = url.split('?')[0] as string;
      for (const [route, address] of bySpecificity) {
        if (bare === address || bare.startsWith(`${address}/`))
          return { url, route, path: bare.slice(address.length) || '/' };
      }
      return { url, route: 'other', path: new URL(url).pathname };
    },
  };
}
