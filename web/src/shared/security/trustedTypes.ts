/**
 * Trusted Types: the server's policy says `require-trusted-types-for 'script'`, so the browser
 * refuses a plain string at every DOM XSS sink (innerHTML, script src, eval-like calls). The
 * shop writes none; this default policy is what the browser consults when a library does.
 *
 * - HTML: only blank strings. goober (react-hot-toast's styles) creates its style element with
 *   `innerHTML = ' '`; any markup is refused.
 * - Script URLs: this origin, and reCAPTCHA's two origins: the same list as the policy's
 *   `script-src`, so the policy adds no source the CSP does not already allow.
 * - Script text: never.
 */

/** The `script-src` origins besides this one (server/src/platform/middleware.rs keeps the same). */
export const SCRIPT_URL_PREFIXES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] as const;

/** Whether `html` may be written through a string sink: only white space. */
export function allowedHtml(html: string): string | null {
  return html.trim() === '' ? html : null;
}

/** Whether `url` may be a script's source, seen from `origin`. */
export function allowedScriptUrl(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin === origin) return url;
  return SCRIPT_URL_PREFIXES.some((p) => parsed.href.startsWith(p)) ? url : null;
}

export interface TrustedTypesFactory {
  defaultPolicy: unknown;
  createPolicy(name: string, rules: Record<string, (s: string) => string | null>): unknown;
}

/** Installs the default policy once, where the browser has Trusted Types. */
export function installTrustedTypesPolicy(win: { trustedTypes?: TrustedTypesFactory; location: { origin: string } } = window as never): void {
  const tt = win.trustedTypes;
  if (!tt || tt.defaultPolicy) return;
  const origin = win.location.origin;
  tt.createPolicy('default', {
    createHTML: allowedHtml,
    createScriptURL: (url) => allowedScriptUrl(url, origin),
    createScript: () => null,
  });
}

