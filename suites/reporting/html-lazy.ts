/**
 * Details on demand (issue 39, item 8; REPORT-HTML-SIZE): what a reader opens rarely (the passing clauses of a matrix,
 * the citing tests of a row, further errors) is not rendered into the page. Each such fragment is rendered as HTML
 * here, as the eager parts are, and kept in one gzip-compressed JSON blob inside the page (a <script> element the
 * browser does not run); a folded <details data-lazy="KEY"> gets its fragment when it is first opened, decompressed
 * with the browser's DecompressionStream, so the page works offline from file://. A page whose fragments are all
 * wanted at once (the matrix filter searching every row) asks window.conformanceLazy.fillAll().
 */
import { gzipSync } from 'node:zlib';

export const LAZY_BLOB_ID = 'lazy-fragments';

/** The fragments of one page, and the markup that asks for them. */
export class LazyFragments {
  private readonly fragments: string[] = [];

  /**
   * A folded section whose content is rendered only when it is opened: `summary` is shown, `content` kept in the blob.
   * Empty content needs no fragment.
   */
  details(summary: string, content: string, className = ''): string {
    const cls = className ? ` class="${className}"` : '';
    if (content === '') return `<details${cls}><summary>${summary}</summary></details>`;
    this.fragments.push(content);
    return `<details${cls} data-lazy="${this.fragments.length - 1}"><summary>${summary}</summary></details>`;
  }

  /** The blob: every fragment, in order, as a gzip-compressed JSON array in base64 (nothing when there is none). */
  blob(): string {
    if (this.fragments.length === 0) return '';
    const packed = gzipSync(Buffer.from(JSON.stringify(this.fragments), 'utf8'), { level: 9 }).toString(
      'base64',
    );
    return `<script type="application/gzip+json;base64" id="${LAZY_BLOB_ID}">${packed}</script>`;
  }
}

/**
 * Fills a folded section with its fragment when it is opened (also one inside a filled fragment); fillAll() fills
 * every one, fragments of fragments too. The blob is decompressed once.
 */
export const LAZY_SCRIPT = `
(() => {
  const blob = document.getElementById('${LAZY_BLOB_ID}');
  let fragments;
  const load = () => {
    if (!fragments) {
      const bytes = Uint8Array.from(atob(blob ? blob.textContent.trim() : ''), (c) => c.charCodeAt(0));
      const text = new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
      fragments = text.then((t) => JSON.parse(t));
    }
    return fragments;
  };
  const fill = async (d) => {
    const key = d.getAttribute('data-lazy');
    if (key === null) return;
    d.removeAttribute('data-lazy');
    const all = await load();
    d.insertAdjacentHTML('beforeend', all[Number(key)] || '');
    d.dispatchEvent(new Event('lazy-filled', { bubbles: true }));
  };
  document.addEventListener('toggle', (e) => {
    const d = e.target;
    if (d && d.open && d.hasAttribute && d.hasAttribute('data-lazy')) fill(d);
  }, true);
  window.conformanceLazy = {
    fillAll: async () => {
      for (let left = [...document.querySelectorAll('details[data-lazy]')]; left.length > 0;
        left = [...document.querySelectorAll('details[data-lazy]')]) await Promise.all(left.map(fill));
    },
  };
})();
`;
