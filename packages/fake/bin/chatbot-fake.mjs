#!/usr/bin/env node
// `chatbot-fake`: the fake from the bundle this package ships (dist/fake-server.js, built by `npm run build:lib` at the
// repository's root). Options: `chatbot-fake --help` (fake-server/start-options.ts).
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/fake-server.js', import.meta.url);
if (!existsSync(bundle)) {
  console.error(
    'chatbot-fake: dist/fake-server.js is missing from the package: run `npm run build:lib` at the root',
  );
  process.exit(2);
}
await import(bundle.href);
