/** The benchmark's outputs: the printed table, reports/bench.json and reports/bench.html (inline SVG, offline). */
import type { BenchResults, ServerName, TargetCheck } from './results.js';
import { servers } from './results.js';
import { peakOverScale } from './scale.js';
import { cpuRatio, growth, ratio } from './targets.js';

/** Plain text table: columns padded, numbers right-aligned. */
export function formatTable(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, c) => Math.max(...cells.map((r) => (r[c] ?? '').length)));
  const numeric = headers.map(
    (_, c) =>
      rows.length > 0 && rows.every((r) => typeof r[c] === 'number' || /^[\d.,×x%-]+$/.test(String(r[c]))),
  );
  const line = (r: string[]) =>
    r
      .map((cell, c) => (numeric[c] ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd();
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join(
    '\n',
  );
}

const fixed = (n: number | null | undefined, digits = 1): string =>
  n === null || n === undefined || !Number.isFinite(n) ? '-' : n.toFixed(digits);

export function formatTarget(t: TargetCheck): string[] {
  const value = t.value === null ? 'not measured' : `${fixed(t.value, t.unit === 'x' ? 2 : 1)} ${t.unit}`;
  const limit = `${t.kind === 'min' ? '≥' : '≤'} ${t.limit} ${t.unit}`;
  return [t.target, value, limit, t.met === null ? 'n/a' : t.met ? 'met' : 'MISSED'];
}

const mb = (bytes: number | null | undefined): string =>
  bytes === null || bytes === undefined ? '-' : fixed(bytes / 2 ** 20, 0);

/**
 * The fake's memory at each scale size, once seeded and after the reads: after forced full GCs until the resident set
 * stopped falling (how many ran: 0 if the probe could not collect), and the peak since the row before (since the start
 * where the peak could not be started again).
 */
export function memoryTable(r: BenchResults): { headers: string[]; rows: string[][] } {
  const headers = [
    'sessions',
    'after',
    'full GCs',
    'RSS MB',
    'heap used MB',
    'heap total MB',
    'external MB',
    'array buffers MB',
    'peak RSS MB',
  ];
  const rows: string[][] = [];
  let peakWasReset = true;
  for (const s of r.scale?.sizes ?? []) {
    for (const [after, m] of [
      ['seeding', s.seededMemory],
      ['reads', s.memory],
    ] as const) {
      const peak = m?.peakRss == null ? '-' : `${mb(m.peakRss)}${peakWasReset ? '' : ' (since the start)'}`;
      rows.push([
        String(s.sessions),
        after,
        m ? String(m.collected ? m.collections : 0) : '-',
        mb(m?.rss),
        mb(m?.heapUsed),
        mb(m?.heapTotal),
        mb(m?.external),
        mb(m?.arrayBuffers),
        peak,
      ]);
      if (m) peakWasReset = m.peakReset;
    }
  }
  return { headers, rows };
}

/** What the memory table's figures mean, printed above it. */
const memoryCaption =
  "The fake's memory at each size, once seeded and after the reads: after forced full GCs until the resident set stopped falling; external includes the array buffers; peak RSS: the highest resident set (VmHWM) since the row before, so the seeding's and the reads' apart";

export function renderText(r: BenchResults): string {
  const out: string[] = [];
  const { connections, rounds, durationS, warmupS } = r.settings;
  out.push(
    `Throughput at ${connections} connections: ${rounds} interleaved rounds of ${durationS} s per server after a ${warmupS} s warm-up (req/s over all rounds; p50/p99 of 2xx answers, median of the rounds)`,
  );
  out.push(
    formatTable(
      ['operation', 'server', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'requests', 'non-2xx', 'errors'],
      r.throughput.map((t) => [
        t.op,
        t.server,
        fixed(t.result.rps, 0),
        t.result.p50,
        t.result.p99,
        fixed(t.result.cpuUsPerRequest, 0),
        t.result.requests,
        t.result.non2xx,
        t.result.errors + t.result.timeouts,
      ]),
    ),
  );
  const ops = [...new Set(r.throughput.map((t) => t.op))];
  out.push('', "Ratios (requests per second; by CPU: the peer's CPU time per request over the fake's)");
  out.push(
    formatTable(
      ['operation', 'fake/Prism', 'fake/minimal-Koa', 'fake/Prism by CPU', 'fake/minimal-Koa by CPU'],
      ops.map((op) => [
        op,
        fixed(ratio(r.throughput, op, 'prism'), 2),
        fixed(ratio(r.throughput, op, 'minimal-koa'), 2),
        fixed(cpuRatio(r.throughput, op, 'prism'), 2),
        fixed(cpuRatio(r.throughput, op, 'minimal-koa'), 2),
      ]),
    ),
  );
  if (r.scale) {
    out.push('', 'Scale (one request at a time, ms)');
    const sizes = r.scale.sizes.map((s) => s.sessions);
    const reads = [...new Set(r.scale.reads.map((x) => x.read))];
    const g = growth(r);
    out.push(
      formatTable(
        [
          'read',
          ...sizes.flatMap((n) => [`p50 @${n / 1000}k`, `p99 @${n / 1000}k`]),
          'growth p50',
          'growth p99',
        ],
        reads.map((read) => {
          const cols = sizes.flatMap((n) => {
            const x = r.scale!.reads.find((y) => y.read === read && y.sessions === n);
            return [fixed(x?.p50, 2), fixed(x?.p99, 2)];
          });
          const gr = g.find((x) => x.read === read);
          return [read, ...cols, fixed(gr?.p50, 2), fixed(gr?.p99, 2)];
        }),
      ),
    );
    for (const s of r.scale.sizes)
      out.push(
        `  ${s.sessions} sessions: ${s.seeded.messages} messages, ${s.seeded.execution_logs} logs, ${s.seeded.chunks} chunks, bulk-seeded in ${fixed(s.seedMs / 1000, 1)} s`,
      );
    const memory = memoryTable(r);
    out.push('', memoryCaption, formatTable(memory.headers, memory.rows));
    const peak = peakOverScale(r.scale);
    if (peak !== null) out.push(`  peak RSS over the scale part: ${mb(peak)} MB`);
    const costs = r.scale.costs ?? [];
    if (costs.length > 0)
      out.push(
        '',
        'Records visited per request (FAKE-PAGE-COST)',
        formatTable(
          ['read', ...sizes.map((n) => `@${n / 1000}k`)],
          [...new Set(costs.map((c) => c.read))].map((read) => [
            read,
            ...sizes.map((n) =>
              String(costs.find((c) => c.read === read && c.sessions === n)?.visited ?? ''),
            ),
          ]),
        ),
      );
  }
  if (r.coldStart) {
    out.push(
      '',
      `Cold start (node scripts/start.mjs, default fixtures, ${r.coldStart.runs.length} runs): median ${fixed(r.coldStart.medianTargetFileMs, 0)} ms to the target file, ${fixed(r.coldStart.medianFirst200Ms, 0)} ms to the first 200`,
    );
  }
  out.push('', 'Targets');
  out.push(formatTable(['target', 'measured', 'target', 'verdict'], r.targets.map(formatTarget)));
  out.push(
    '',
    `Machine: ${r.machine.cpus} × ${r.machine.cpuModel}, node ${r.machine.node}; load average ${r.machine.loadavgStart.map((x) => x.toFixed(2)).join(' ')} at the start, ${r.machine.loadavgEnd.map((x) => x.toFixed(2)).join(' ')} at the end`,
  );
  for (const note of r.notes) out.push(`Note: ${note}`);
  return out.join('\n');
}

// ---- HTML ------------------------------------------------------------------------------------------------

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const colors: Record<ServerName | 'p50' | 'p99', string> = {
  fake: '#2f6fdf',
  prism: '#e08a1e',
  'minimal-koa': '#4a9a52',
  p50: '#2f6fdf',
  p99: '#b7472a',
};

interface Bar {
  label: string;
  value: number;
  color: string;
  text: string;
}

/** Horizontal bars in groups, scaled to the largest value; plain SVG, no script. */
export function barChart(title: string, groups: { name: string; bars: Bar[] }[], width = 760): string {
  const labelW = 230;
  const barH = 16;
  const gap = 4;
  const groupGap = 14;
  const max = Math.max(1e-9, ...groups.flatMap((g) => g.bars.map((b) => b.value)));
  const plotW = width - labelW - 90;
  let y = 28;
  const parts: string[] = [`<text x="0" y="16" font-weight="bold">${esc(title)}</text>`];
  for (const g of groups) {
    parts.push(`<text x="0" y="${y + barH - 3}" font-weight="bold">${esc(g.name)}</text>`);
    y += barH + gap;
    for (const b of g.bars) {
      const w = Math.max(1, (b.value / max) * plotW);
      parts.push(
        `<text x="${labelW - 8}" y="${y + barH - 4}" text-anchor="end" fill="#444">${esc(b.label)}</text>`,
        `<rect x="${labelW}" y="${y}" width="${w.toFixed(1)}" height="${barH}" fill="${b.color}"/>`,
        `<text x="${(labelW + w + 6).toFixed(1)}" y="${y + barH - 4}">${esc(b.text)}</text>`,
      );
      y += barH + gap;
    }
    y += groupGap;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}" font-family="sans-serif" font-size="12">${parts.join('')}</svg>`;
}

function htmlTable(headers: string[], rows: string[][], verdictCol = -1): string {
  const head = headers.map((h) => `<th>${esc(h)}</th>`).join('');
  const body = rows
    .map((r) => {
      const cells = r.map((c, i) => {
        const cls =
          i === verdictCol ? (c === 'met' ? ' class="met"' : c === 'MISSED' ? ' class="missed"' : '') : '';
        return `<td${cls}>${esc(c)}</td>`;
      });
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

export function renderHtml(r: BenchResults): string {
  const ops = [...new Set(r.throughput.map((t) => t.op))];
  const byOp = (metric: 'rps' | 'p99', unit: string) =>
    ops.map((op) => ({
      name: op,
      bars: servers.flatMap((server) => {
        const row = r.throughput.find((t) => t.op === op && t.server === server);
        if (!row) return [];
        const value = row.result[metric];
        return [{ label: server, value, color: colors[server], text: `${fixed(value, 0)} ${unit}` }];
      }),
    }));
  const charts = [
    barChart(
      `Requests per second at ${r.settings.connections} connections (higher is better)`,
      byOp('rps', 'req/s'),
    ),
    barChart('p99 latency at 50 connections, ms (lower is better)', byOp('p99', 'ms')),
  ];
  if (r.scale) {
    const reads = [...new Set(r.scale.reads.map((x) => x.read))];
    charts.push(
      barChart(
        `Scale: latency of one request at a time, ms (${r.scale.sizes.map((s) => `${s.sessions / 1000}k`).join(' vs ')} sessions)`,
        reads.map((read) => ({
          name: read,
          bars: r
            .scale!.reads.filter((x) => x.read === read)
            .flatMap((x) => [
              {
                label: `p50 @${x.sessions / 1000}k`,
                value: x.p50,
                color: colors.p50,
                text: `${fixed(x.p50, 2)} ms`,
              },
              {
                label: `p99 @${x.sessions / 1000}k`,
                value: x.p99,
                color: colors.p99,
                text: `${fixed(x.p99, 2)} ms`,
              },
            ]),
        })),
      ),
    );
  }
  const memory = memoryTable(r);
  const memorySection = r.scale
    ? `<h2>Memory at scale</h2>
<p>${esc(memoryCaption)}.</p>
${htmlTable(memory.headers, memory.rows)}
`
    : '';
  const throughputRows = r.throughput.map((t) => [
    t.op,
    t.server,
    fixed(t.result.rps, 0),
    String(t.result.p50),
    String(t.result.p99),
    fixed(t.result.cpuUsPerRequest, 0),
    String(t.result.requests),
    String(t.result.non2xx),
  ]);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Chatbot Platform fake: benchmark</title>
<style>
body { font-family: sans-serif; margin: 24px; color: #222; max-width: 1100px; }
table { border-collapse: collapse; margin: 8px 0 20px; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; }
td.met { background: #d9f2dc; } td.missed { background: #f8d7d3; font-weight: bold; }
pre { background: #f5f5f5; padding: 8px; font-size: 12px; white-space: pre-wrap; }
svg { display: block; margin: 12px 0 24px; }
</style></head><body>
<h1>Benchmark: the fake against Prism and a minimal Koa handler</h1>
<p>Run ${esc(r.startedAt)} → ${esc(r.finishedAt)} on ${r.machine.cpus} × ${esc(r.machine.cpuModel)}, node ${esc(r.machine.node)};
load average ${esc(r.machine.loadavgStart.map((x) => x.toFixed(2)).join(' '))} at the start, ${esc(r.machine.loadavgEnd.map((x) => x.toFixed(2)).join(' '))} at the end.</p>
<h2>Targets</h2>
${htmlTable(['target', 'measured', 'target', 'verdict'], r.targets.map(formatTarget), 3)}
<h2>Charts</h2>
${charts.join('\n')}
${memorySection}<h2>Throughput</h2>
${htmlTable(['operation', 'server', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'requests', 'non-2xx'], throughputRows)}
<h2>Printed report</h2>
<pre>${esc(renderText(r))}</pre>
</body></html>
`;
}
