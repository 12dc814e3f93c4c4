#!/usr/bin/env node
// `chatbot-conformance`: the conformance runner (suites/runner/conformance.ts) from any working directory; the suites
// run from the package, reports go to ./reports or --out DIR. Options: `chatbot-conformance --help`. Exit codes: 0 PASS,
// 1 FAIL or no report, 2 usage error, 3 INCOMPLETE (a spent quota), 4 under --min-documented-coverage, 5 the target
// cannot be tested (the pre-flight before the first test: one line per problem, no verdict, earlier reports kept).
import { tsImport } from 'tsx/esm/api';

await tsImport('../suites/runner/conformance.ts', import.meta.url);
