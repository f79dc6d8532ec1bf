/**
 * Article text for places that must not carry markup: a claimant's channel (WhatsApp renders
 * `*bold*`, `_italic_`, `~strike~` and backticks itself) and the search index (tags and
 * Markdown punctuation are not words). Articles are stored exactly as the partner wrote them;
 * this is applied when the text is used, never to what is stored.
 *
 * What it does, in order:
 *  - HTML: comments, `<script>` and `<style>` elements and struck-out text (`<del>`, `<s>`) go
 *    with their content; block tags become line breaks, list items start with "• ", every other
 *    tag is removed.
 *  - Character references are decoded once (`&amp;lt;` is the visible text `&lt;`; a decoded
 *    `<b>` is text, not a tag, and a channel shows it as such); Markdown backslash escapes go.
 *  - Markdown: headings, quotes, rules and code fences are reduced to their text; images to
 *    their alt text; links `[text](url)` to `text (url)`; emphasis to its text; `~~struck~~`
 *    text is dropped, as its author deleted it; list items start with "• ".
 *  - Whatever a channel could still read as formatting goes: a `*`, `~` or backtick touching a
 *    word, and `_` at the edge of a word (`ROOM_RENT_CAP` keeps its underscores).
 *  - Runs of spaces, and of blank lines, are collapsed.
 */

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“', rupee: '₹' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z]{2,8});/g, (whole, ref: string) => {
    if (ref[0] !== '#') return named[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    // Control characters and values outside Unicode would only smuggle in something odd.
    return code >= 0x20 && code <= 0x10ffff && !(code >= 0x7f && code < 0xa0) ? String.fromCodePoint(code) : '';
  });
}

const blockTags = /<\/?(?:p|div|br|hr|h[1-6]|li|ul|ol|tr|table|blockquote|pre|section|article|header|footer)\b[^>]*>/gi;

/** Characters any of the rules below starts from; text without them only has its spaces collapsed. */
const markupHint = /[<>&*_~`#[\]!\\]|^\s*[-+]\s/m;

export function plainText(s: string): string {
  let t = s.replace(/\r\n?/g, '\n');
  if (!markupHint.test(t)) return collapseSpaces(t);
  // HTML
  t = t.replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, '')
    .replace(/<(del|s|strike)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, '')
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<\/li\s*>/gi, '')
    .replace(blockTags, '\n')
    .replace(/<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g, '');
  // Decoded before the Markdown pass, so `&#42;` cannot bring back a `*` after it.
  t = decodeEntities(t).replace(/\\([\\`*_~#>[\]()!-])/g, '$1');
  // Spans are bounded (500 characters) so that text full of unmatched markers stays linear.
  // Markdown, line by line for the constructs that live at the start of a line.
  t = t.split('\n').map((line) => line
    .replace(/^\s{0,3}(?:```|~~~).*$/, '')
    .replace(/^\s{0,3}(?:[-*_]\s*){3,}$/, '')
    .replace(/^\s{0,3}#{1,6}\s+/, '')
    .replace(/^\s{0,3}(?:>\s?)+/, '')
    .replace(/^(\s*)[-*+]\s+/, '$1• ')).join('\n');
  t = t.replace(/!\[([^\]\n]{0,500})\]\([^)\n]{0,2000}\)/g, '$1')
    .replace(/\[([^\]\n]{1,500})\]\(\s*([^)\s]{1,2000})[^)\n]{0,500}\)/g, (_m, label: string, url: string) => (label.trim() === url ? url : `${label} (${url})`))
    .replace(/~~(?=\S)[\s\S]{0,500}?\S~~/g, '')
    .replace(/(\*\*|__)(?=\S)([\s\S]{0,500}?\S)\1/g, '$2')
    .replace(/(^|[^\p{L}\p{N}])([*_~`])(?=\S)([^\n]{0,500}?\S)\2(?![\p{L}\p{N}])/gu, '$1$3');
  // What a channel could still read as formatting.
  t = t.replace(/[*~`]+(?=\S)|(?<=\S)[*~`]+/g, '')
    .replace(/(^|[^\p{L}\p{M}\p{N}])_+/gu, '$1')
    .replace(/_+(?=$|[^\p{L}\p{M}\p{N}])/gu, '');
  return collapseSpaces(t);
}

function collapseSpaces(t: string): string {
  return t.split('\n')
    .map((line) => line.replace(/[\t\f\v \u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
