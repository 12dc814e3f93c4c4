/** Inline CSS and the small filter script of the HTML report (no external assets). */

export const CSS = `
:root {
  --fg: #1d2330; --muted: #5c6577; --line: #dfe3ea; --bg: #f6f7f9; --card: #fff;
  --pass: #17803d; --pass-bg: #e3f5e8; --fail: #b42318; --fail-bg: #fde8e6;
  --skip: #8a5a00; --skip-bg: #fff4d6; --untested: #55606f; --untested-bg: #eceff3;
  --warn: #b54708; --warn-bg: #fff0e0; --accent: #3557c5; --inc: #6941c6; --inc-bg: #f0ebfd;
}
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--fg); background: var(--bg); }
main { max-width: 1400px; margin: 0 auto; padding: 24px 28px 60px; }
header { display: flex; align-items: center; justify-content: space-between; gap: 24px;
  background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 14px 22px; }
header h1 { margin: 0 0 4px; font-size: 22px; }
header .meta { color: var(--muted); }
header .meta b { color: var(--fg); }
.verdict { font-size: 26px; font-weight: 700; letter-spacing: .04em; padding: 10px 26px;
  border-radius: 8px; border: 2px solid; }
.verdict.pass { color: var(--pass); background: var(--pass-bg); }
.verdict.fail { color: var(--fail); background: var(--fail-bg); }
.verdict.incomplete { color: var(--inc); background: var(--inc-bg); }
.verdict.partial { color: var(--skip); background: var(--skip-bg); }
.figures { display: flex; flex-wrap: wrap; gap: 6px 14px; margin: 8px 0 4px; }
.figure { white-space: nowrap; color: var(--muted); }
.figure b { font-size: 17px; color: var(--fg); }
.figure.bad b, .figure.bad { color: var(--fail); }
.figure.note b { color: var(--warn); }
.silence { margin: 0 0 12px; padding: 10px 16px; border-radius: 8px; background: var(--inc-bg); color: var(--inc);
  font-weight: 600; border: 1px solid var(--inc); }
.defects { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 6px 18px;
  margin: 0; list-style: none; }
.defect { padding: 6px 0; border-bottom: 1px solid var(--line); }
.defect:last-child { border-bottom: 0; }
.defect .what { font-size: 15px; }
.defect .what .n { color: var(--muted); }
.defect .expect { color: var(--fail); font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
.defect-clauses code.clause { font-size: 12px; background: #e8edfb; color: var(--accent); border-radius: 4px; padding: 0 5px; }
.defect-clauses code.clause.assumed { background: #f1e9fb; color: #6b3fa0; }
.defect-tests { color: var(--muted); font-size: 13px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.defect-tests b { color: var(--fg); }
.defect details > summary { cursor: pointer; color: var(--accent); font-size: 13px; }
pre.curl { margin: 3px 0; padding: 4px 8px; background: #1d2330; color: #e6e9ef; border-radius: 6px; font-size: 12px;
  white-space: pre; overflow-x: auto; }
details[data-lazy] > summary, details.lazy > summary { cursor: pointer; }
.verdict small { display: block; font-size: 13px; font-weight: 600; letter-spacing: 0; text-align: center; }
.card.coverage { grid-column: span 2; }
.bar { height: 12px; border-radius: 6px; background: var(--untested-bg); overflow: hidden; margin: 8px 0 6px; }
.bar > span { display: block; height: 100%; background: var(--pass); }
.reasons { margin: 6px 0 0; padding: 0; list-style: none; columns: 2; font-size: 13px; }
.reasons li { margin: 1px 0; } .reasons b { display: inline-block; min-width: 2.4em; text-align: right; margin-right: 6px; }
h2 { font-size: 17px; margin: 30px 0 10px; }
h2 .n { color: var(--muted); font-weight: 400; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(230px, 1fr)); gap: 14px; margin-top: 16px; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 14px 18px; }
.card h3 { margin: 0 0 8px; font-size: 13px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); }
.card .big { font-size: 28px; font-weight: 700; }
.card .row { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 6px; }
.pill { display: inline-block; padding: 1px 9px; border-radius: 999px; font-size: 12px; font-weight: 600;
  white-space: nowrap; }
.pill.pass, .pill.passed { color: var(--pass); background: var(--pass-bg); }
.pill.fail, .pill.failed { color: var(--fail); background: var(--fail-bg); }
.pill.skip, .pill.skipped { color: var(--skip); background: var(--skip-bg); }
.pill.untested { color: var(--untested); background: var(--untested-bg); }
.pill.warn { color: var(--warn); background: var(--warn-bg); }
.pill.inconclusive { color: var(--inc); background: var(--inc-bg); }
.pill.kind { color: var(--accent); background: #e8edfb; font-weight: 500; }
.pill.kind.assumed { color: #6b3fa0; background: #f1e9fb; }
.issues { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 8px 18px; }
.issues li { margin: 6px 0; }
.issues code, td code { font: 12.5px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.filters { display: flex; flex-wrap: wrap; align-items: center; gap: 14px; margin: 10px 0; }
.filters input[type=search] { width: 320px; padding: 6px 10px; border: 1px solid var(--line); border-radius: 6px; font: inherit; }
.filters label { user-select: none; cursor: pointer; }
table { width: 100%; table-layout: fixed; border-collapse: separate; border-spacing: 0; background: var(--card);
  border: 1px solid var(--line); border-radius: 10px; overflow: hidden; }
th, td { text-align: left; vertical-align: top; padding: 8px 10px; border-bottom: 1px solid var(--line); }
th { background: #eef1f6; font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted);
  position: sticky; top: 0; }
tr:last-child td { border-bottom: 0; }
tr.status-fail td:first-child { box-shadow: inset 4px 0 0 var(--fail); }
tr.status-skip td:first-child { box-shadow: inset 4px 0 0 var(--skip); }
tr.status-pass td:first-child { box-shadow: inset 4px 0 0 var(--pass); }
tr.status-untested td:first-child { box-shadow: inset 4px 0 0 #b8c0cc; }
tr.status-warn td:first-child { box-shadow: inset 4px 0 0 var(--warn); }
tr.status-inconclusive td:first-child { box-shadow: inset 4px 0 0 var(--inc); }
td.id { font-weight: 600; }
td { overflow-wrap: anywhere; }
td.tests ul { margin: 0; padding: 0; list-style: none; }
td.tests li { margin: 2px 0; word-break: break-word; }
td.tests .file { color: var(--muted); font-size: 12px; white-space: nowrap; }
td.tests summary { cursor: pointer; color: var(--muted); margin: 2px 0; }
.mark { display: inline-block; width: 1.2em; font-weight: 700; }
.mark.passed { color: var(--pass); } .mark.failed { color: var(--fail); } .mark.skipped { color: var(--skip); }
.mark.inconclusive { color: var(--inc); }
pre.warn { background: var(--warn-bg); }
.failure { padding: 6px 0; border-bottom: 1px solid var(--line); }
.costs-list { list-style: none; padding: 0; margin: 2px 0 8px; font-size: .85em; }
.costs-list li { overflow-wrap: anywhere; margin: 1px 0; }
.costs-list b { display: inline-block; min-width: 3.2em; }
.quote { margin: 4px 0; padding: 4px 10px; border-left: 3px solid var(--fail, #b42318); background: rgba(0,0,0,.03); font-family: Georgia, serif; }
.quote q { display: inline; }
.quote .muted { display: block; font-family: system-ui, sans-serif; font-size: .85em; }
.server-errors .exchange pre, .no-answer pre { max-height: 14em; overflow: auto; }
.failure blockquote { margin: 4px 0 6px; padding: 4px 10px; border-left: 3px solid var(--line); color: var(--muted, #555); }
.failed-tests { padding-left: 18px; }
.exchange { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
.exchange pre { margin: 2px 0; padding: 6px 8px; max-height: 180px; overflow: auto; white-space: pre-wrap; word-break: break-all; background: #f6f7f9; border: 1px solid var(--line); border-radius: 6px; font-size: 12px; }
details.rows > summary { cursor: pointer; margin: 8px 0; color: var(--muted); }
details.passing > summary { color: var(--pass, #1a7f37); }
pre.err { margin: 4px 0; padding: 6px 8px; max-height: 160px; overflow: auto; white-space: pre-wrap;
  word-break: break-word; background: var(--fail-bg); border-radius: 6px;
  font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.reason { color: var(--skip); }
.muted { color: var(--muted); }
footer { margin-top: 40px; color: var(--muted); font-size: 12px; }
`;

/**
 * Filters the clause matrix rows (those with a status) by text and status; other tables, such as the sensitivity
 * table, are left as they are. Searching text first renders what is folded on demand (html-lazy.ts), so a search
 * finds a test named only in a folded list, and opens the folds of clauses (passing, skipped, untested) that match.
 * The page works without it.
 */
export const SCRIPT = `
(() => {
  const q = document.getElementById('q');
  const boxes = [...document.querySelectorAll('input[data-status]')];
  const count = document.getElementById('shown');
  const lazy = window.conformanceLazy;
  const apply = () => {
    const rows = [...document.querySelectorAll('table.matrix tbody tr[data-status]')];
    const text = q.value.trim().toLowerCase();
    const on = new Set(boxes.filter((b) => b.checked).map((b) => b.dataset.status));
    let shown = 0;
    for (const r of rows) {
      const visible = on.has(r.dataset.status) && (!text || r.textContent.toLowerCase().includes(text));
      r.hidden = !visible;
      if (visible) shown++;
    }
    if (text) {
      for (const d of document.querySelectorAll('details.rows'))
        if (d.querySelector('tr[data-status]:not([hidden])')) d.open = true;
      // The folded list of citing tests that names what was searched for is opened too.
      for (const d of document.querySelectorAll('tr[data-status]:not([hidden]) td.tests details'))
        if (d.textContent.toLowerCase().includes(text)) d.open = true;
    }
    count.textContent = shown + ' of ' + rows.length + ' shown';
  };
  const filter = () => {
    if (lazy && q.value.trim() && document.querySelector('details[data-lazy]')) lazy.fillAll().then(apply);
    apply();
  };
  q.addEventListener('input', filter);
  for (const b of boxes) b.addEventListener('change', filter);
  apply();
})();
`;
