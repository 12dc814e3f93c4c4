// @vitest-environment jsdom
/** The report page's filter script: it filters the clause matrix rows only, never another table's [REPORT-MATRIX]. */
import { describe, expect, it } from 'vitest';
import { SCRIPT } from './html-style.js';

/** The few DOM members this test reads (the project's types leave out the DOM library; jsdom provides it here). */
interface Element {
  hidden: boolean;
  textContent: string | null;
  value: string;
  innerHTML: string;
  dispatchEvent(event: unknown): boolean;
}
const dom = globalThis as unknown as {
  document: { body: Element; getElementById(id: string): Element };
  Event: new (type: string) => unknown;
};

const page = `<input id="q"><input type="checkbox" data-status="pass" checked><input type="checkbox" data-status="fail">
<span id="shown"></span>
<table class="matrix"><tbody><tr id="rule"><td>caught</td><td>total-as-string</td></tr></tbody></table>
<table class="matrix"><tbody>
<tr id="passing" data-status="pass"><td>CONV-A</td></tr><tr id="failing" data-status="fail"><td>CONV-B</td></tr>
</tbody></table>`;

describe('the report page filter [REPORT-MATRIX]', () => {
  it('hides matrix rows by status and text, counts only them, and leaves the sensitivity table shown', () => {
    dom.document.body.innerHTML = page;
    new Function(SCRIPT)();
    const hidden = (id: string) => dom.document.getElementById(id).hidden;
    expect([hidden('rule'), hidden('passing'), hidden('failing')]).toEqual([false, false, true]);
    expect(dom.document.getElementById('shown').textContent).toBe('1 of 2 shown');
    const q = dom.document.getElementById('q');
    q.value = 'nothing matches';
    q.dispatchEvent(new dom.Event('input'));
    expect([hidden('rule'), hidden('passing')]).toEqual([false, true]);
  });
});
