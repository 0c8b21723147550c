/**
 * The server's rendered Markdown under Trusted Types: a policy of its own (`shop-markdown`),
 * apart from the default policy (trustedTypes.ts) so that the app's first chunk does not carry
 * it; only the content pages and the back office's editor load it.
 */
import type { TrustedTypesFactory } from './trustedTypes';

/** The tags the server's Markdown renderer writes (pulldown-cmark: CommonMark, tables, strikethrough). */
const MARKDOWN_TAGS = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'del', 'a', 'img', 'ul', 'ol', 'li', 'blockquote',
  'code', 'pre', 'hr', 'br', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
]);
const MARKDOWN_ATTRS = /^(?:\s+(?:(?:href|src|alt|title|start|style)="[^"<>]*"|class="language-[^"<>]*"))*\s*\/?$/;
const UNSAFE_URL = /\s(?:href|src)="\s*(?:javascript|data|vbscript):/i;

/**
 * Whether `html` is what the server's Markdown renderer (server/src/content/view.rs) can have
 * written: only its tags, only its attributes, no script addresses; anything else is refused.
 * The renderer escapes every `<` of staff's text, so a tag outside this list means the HTML did
 * not come from it.
 */
export function allowedMarkdownHtml(html: string): string | null {
  if (UNSAFE_URL.test(html)) return null;
  for (const m of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
    if (!MARKDOWN_TAGS.has(m[1].toLowerCase()) || !MARKDOWN_ATTRS.test(m[2])) return null;
  }
  // A `<` that opens no tag matched above (`<!--`, `<?`, a stray one) is not the renderer's either.
  const tags = html.match(/<\/?[a-zA-Z0-9]+[^>]*>/g)?.length ?? 0;
  return (html.match(/</g)?.length ?? 0) === tags ? html : null;
}

interface MarkdownPolicy {
  createHTML(html: string): unknown;
}
let markdownPolicy: MarkdownPolicy | null | undefined;

/**
 * The server's rendered Markdown as a value `innerHTML` takes under Trusted Types (a policy of
 * its own, `shop-markdown`, that lets through only [`allowedMarkdownHtml`]); the string itself
 * where the browser has no Trusted Types. Refused HTML becomes an empty string.
 */
export function markdownHtml(html: string, win: { trustedTypes?: TrustedTypesFactory } = window as never): string {
  if (allowedMarkdownHtml(html) === null) return '';
  const tt = win.trustedTypes;
  if (!tt) return html;
  if (markdownPolicy === undefined) {
    try {
      markdownPolicy = tt.createPolicy('shop-markdown', { createHTML: allowedMarkdownHtml }) as MarkdownPolicy;
    } catch {
      markdownPolicy = null;
    }
  }
  // A TrustedHTML object: React hands it to innerHTML as it is.
  return markdownPolicy ? (markdownPolicy.createHTML(html) as string) : '';
}
