#!/usr/bin/env node
// `chatbot-conformance`: the conformance runner (suites/runner/conformance.ts) from any working directory; the suites
// run from the package, reports go to ./reports or --out DIR. Options: `chatbot-conformance --help`.
import { tsImport } from 'tsx/esm/api';

await tsImport('../suites/runner/conformance.ts', import.meta.url);
