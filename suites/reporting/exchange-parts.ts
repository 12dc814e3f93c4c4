/**
 * A request or response as a report keeps it (suites/target/exchange-note.ts: a start line, the headers worth reading,
 * a blank line, the body redacted and cut to an excerpt) read back into its parts, for the likely defects, the server
 * error groups and the curl lines.
 */

export interface NoteParts {
  /** The start line: `POST /api/v1/getMyProjects` for a request, `403` for a response. */
  readonly start: string;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as kept (an excerpt when `cutFrom` is set). */
  readonly body: string;
  /** The body's whole length, when the note kept only its start. */
  readonly cutFrom?: number;
}

/** What exchange-note.ts appends to a body it cut. */
const CUT = /… \((\d+) characters\)$/;

export function partsOf(note: string): NoteParts {
  const [head = '', ...rest] = note.split('\n\n');
  const [start = '', ...headerLines] = head.split('\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const whole = rest.join('\n\n');
  const cut = CUT.exec(whole);
  return cut
    ? { start, headers, body: whole.slice(0, cut.index), cutFrom: Number(cut[1]) }
    : { start, headers, body: whole };
}

/** The method and path of a request note (`POST /api/v1/getMyProjects`). */
export function requestLine(note: string): { readonly method: string; readonly path: string } {
  const [method = 'POST', path = '/'] = (note.split('\n')[0] ?? '').split(' ');
  return { method, path };
}

/** The status of a response note, when its first line is one. */
export function statusOf(note: string): number | undefined {
  const first = Number.parseInt(note.split('\n')[0] ?? '', 10);
  return Number.isInteger(first) ? first : undefined;
}
