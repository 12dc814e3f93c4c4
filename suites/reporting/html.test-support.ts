/** What a report page renders at once, and what it keeps folded for later (html-lazy.ts), for the tests that read it. */
import { gunzipSync } from 'node:zlib';
import { LAZY_BLOB_ID } from './html-lazy.js';

const BLOB = new RegExp(
  `<script type="application/gzip\\+json;base64" id="${LAZY_BLOB_ID}">([^<]*)</script>`,
);

/** The page's folded fragments, decompressed, in the order of their data-lazy keys. */
export function foldedFragments(html: string): string[] {
  const packed = BLOB.exec(html)?.[1];
  return packed === undefined
    ? []
    : (JSON.parse(gunzipSync(Buffer.from(packed, 'base64')).toString('utf8')) as string[]);
}

/** The page as the browser first renders it: without the folded fragments' blob and the scripts. */
export const renderedPart = (html: string): string => html.replace(/<script[\s\S]*?<\/script>/g, '');

/** The fragment a folded section `<details … data-lazy="N">` whose summary starts with `summary` holds. */
export function fragmentUnder(html: string, summary: string): string | undefined {
  const at = html.indexOf(`<summary>${summary}`);
  if (at < 0) return undefined;
  const key = /data-lazy="(\d+)"[^>]*>$/.exec(html.slice(html.lastIndexOf('<details', at), at))?.[1];
  return key === undefined ? undefined : foldedFragments(html)[Number(key)];
}
