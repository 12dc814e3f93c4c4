/** Text hygiene shared by the report writers. */

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;
// Characters XML 1.0 forbids: C0 controls except tab/LF/CR, lone surrogates, U+FFFE/U+FFFF.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what we remove
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Removes terminal colour codes and characters that are not allowed in XML or HTML text. */
export const cleanText = (text: string): string => text.replace(ANSI, '').replace(NOT_XML, '\ufffd');

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for XML or HTML element content and attribute values (quoted with either quote). */
export const escapeMarkup = (text: string): string =>
  cleanText(text).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** Shortens long text for a table cell, keeping the start. */
export const truncate = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;
