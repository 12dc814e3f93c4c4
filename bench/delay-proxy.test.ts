/** The latency bench's proxy: a round trip's delay in front of a loopback server, answers passed through whole. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startDelayProxy } from './delay-proxy.js';

describe('the delay proxy', () => {
  it('forwards method, path, headers and body after the delay, and passes the answer back as it came', async () => {
    const seen: { method?: string; url?: string; body: string; header?: string }[] = [];
    const upstream = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, body, header: req.headers['x-probe'] as string });
        res.writeHead(201, { 'content-type': 'application/json', 'x-answer': 'yes' });
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const proxy = await startDelayProxy(origin, 60);
    try {
      const started = performance.now();
      const res = await fetch(`${proxy.origin}/api/v1/getMyProjects?x=1`, {
        method: 'POST',
        headers: { 'x-probe': 'p', 'content-type': 'application/json' },
        body: '{"limit":1}',
      });
      const elapsed = performance.now() - started;
      expect(res.status).toBe(201);
      expect(res.headers.get('x-answer')).toBe('yes');
      expect(await res.json()).toEqual({ ok: true });
      expect(seen).toEqual([
        { method: 'POST', url: '/api/v1/getMyProjects?x=1', body: '{"limit":1}', header: 'p' },
      ]);
      expect(elapsed).toBeGreaterThanOrEqual(55);
      expect(proxy.requests()).toBe(1);
    } finally {
      await proxy.close();
      upstream.closeAllConnections();
      await new Promise<void>((done) => upstream.close(() => done()));
    }
  });
});
