// Serves the widget page (index.html, widget.js and the SSE parser it imports) from 127.0.0.1: another origin
// than the fake's, as a real widget would be. `node examples/widget/serve.mjs [--port 4020]` prints the page's URL
// for the fake `npm start` runs (read from TARGET_FILE, default reports/fake-target.json).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commandLine, usageError } from '../../bin/command-line.mjs';
import { readTarget, targetFile } from '../fake-target.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const parser = dirname(fileURLToPath(import.meta.resolve('eventsource-parser/stream')));

/** Every path the page needs, and nothing else: no file outside this list is ever read. */
const files = {
  '/': [join(here, 'index.html'), 'text/html; charset=utf-8'],
  '/index.html': [join(here, 'index.html'), 'text/html; charset=utf-8'],
  '/widget.js': [join(here, 'widget.js'), 'text/javascript; charset=utf-8'],
  '/vendor/eventsource-parser/stream.js': [join(parser, 'stream.js'), 'text/javascript; charset=utf-8'],
  '/vendor/eventsource-parser/index.js': [join(parser, 'index.js'), 'text/javascript; charset=utf-8'],
};

/** Serve the page on `host:port` (port 0: any free one); resolves to its origin and a close(). */
export function serveWidget({ port = 0, host = '127.0.0.1' } = {}) {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page').pathname;
    const file = Object.hasOwn(files, path) ? files[path] : undefined;
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(file ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(file ? 'GET only\n' : 'Not found\n');
      return;
    }
    const body = readFileSync(file[0]);
    res.writeHead(200, {
      'content-type': file[1],
      'content-length': body.length,
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      resolve({
        url: `http://${host}:${actual}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** The page's URL with the fake's base_url, project key and widget uid as its query. */
export function widgetUrl(pageOrigin, target) {
  const query = new URLSearchParams({
    base: target.base_url,
    key: target.project_key,
    widget: target.widget_uid,
    model: target.rag_models?.openai ?? 'gpt-4o-mini',
  });
  return `${pageOrigin}/?${query}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = commandLine({
    name: 'widget/serve',
    usage: `Usage: node examples/widget/serve.mjs [--port N]

Serves the chat widget page (index.html, widget.js) from 127.0.0.1, another origin than the fake's, and prints its
URL for the fake in TARGET_FILE (default reports/fake-target.json; start the fake with \`npm start\` first).

Options:
  --port N    the page's port (default 4020; 0: any free port)
  -h, --help  this text

Exit codes: 2 a bad option or value, 3 the port is in use (one line each); it serves until stopped.`,
    options: { port: { type: 'string', default: '4020' } },
  });
  const port = Number(values.port);
  if (!/^\d{1,5}$/.test(values.port) || port > 65535)
    usageError('widget/serve', `--port ${values.port}: a port number from 0 to 65535`);
  const { url } = await serveWidget({ port }).catch((err) => {
    console.error(
      err.code === 'EADDRINUSE'
        ? `widget/serve: port ${port} is in use on 127.0.0.1: give another with --port N (0: any free one)`
        : `widget/serve: cannot listen on 127.0.0.1:${port}: ${err.message}`,
    );
    process.exit(3);
  });
  const target = readTarget('widget/serve', { optional: true });
  if (target) {
    console.log(`Widget page for the fake in ${targetFile}:\n  ${widgetUrl(url, target)}`);
  } else {
    console.log(
      `Widget page on ${url}/ (start the fake with \`npm start\` first to get its URL with base, key and widget)`,
    );
  }
}
