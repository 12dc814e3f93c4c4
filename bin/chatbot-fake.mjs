#!/usr/bin/env node
// `chatbot-fake`: the fake from the bundle the package ships (dist/fake-server.mjs, built by `npm run build:lib`).
// Options: `chatbot-fake --help` (fake-server/start-options.ts).
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/fake-server.mjs', import.meta.url);
if (!existsSync(bundle)) {
  console.error(
    'chatbot-fake: dist/fake-server.mjs is missing from the package: run `npm run build:lib` in it',
  );
  process.exit(2);
}
await import(bundle.href);
