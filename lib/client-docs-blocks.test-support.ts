/**
 * The fenced blocks of a markdown page, for the test that runs docs/client-developers.md: each with its info string
 * (`bash`, `ts`, `text`, …) and the line it starts on, so a failure names the page's line.
 */

export interface FencedBlock {
  /** The info string's first word: `bash`, `ts`, `text`, `js`, or '' for a bare fence. */
  readonly lang: string;
  /** The 1-based line of the opening fence. */
  readonly line: number;
  /** The block's text, without the fences (ends with a newline). */
  readonly code: string;
}

/** Every ``` block of `markdown`, in order. An unclosed block is an error (the page would render wrong). */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const lines = markdown.split('\n');
  const blocks: FencedBlock[] = [];
  let open: { lang: string; line: number; indent: string; body: string[] } | undefined;
  lines.forEach((text, i) => {
    const fence = /^(\s*)```(.*)$/.exec(text);
    if (!open) {
      if (fence)
        open = {
          lang: (fence[2] ?? '').trim().split(/\s+/)[0] ?? '',
          line: i + 1,
          indent: fence[1] ?? '',
          body: [],
        };
      return;
    }
    if (fence && (fence[2] ?? '').trim() === '') {
      blocks.push({ lang: open.lang, line: open.line, code: `${open.body.join('\n')}\n` });
      open = undefined;
      return;
    }
    open.body.push(text.startsWith(open.indent) ? text.slice(open.indent.length) : text);
  });
  if (open) throw new Error(`line ${open.line}: a \`\`\`${open.lang} block is never closed`);
  return blocks;
}

/** The lines of a bash block that start a curl command (continuation lines and comments aside). */
export const curlLines = (code: string): string[] => code.split('\n').filter((l) => /^curl\s/.test(l));
