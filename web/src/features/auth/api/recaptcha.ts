/**
 * reCAPTCHA v3 (spec section 7: a provider script loaded with a site key, its badge hidden).
 * The site key comes from VITE_RECAPTCHA_SITE_KEY; without one nothing is loaded and the token
 * is the empty string (the server skips the check when it has no secret either).
 * Because the badge is hidden, the popup shows Google's required notice instead.
 */
declare global {
  interface Window {
    grecaptcha?: {
      ready(cb: () => void): void;
      execute(siteKey: string, options: { action: string }): Promise<string>;
    };
  }
}

const SCRIPT_ID = 'recaptcha-v3';
const LOAD_TIMEOUT_MS = 8_000;

export function recaptchaSiteKey(): string {
  return ((import.meta.env.VITE_RECAPTCHA_SITE_KEY as string | undefined) ?? '').trim();
}

export function recaptchaEnabled(): boolean {
  return recaptchaSiteKey().length > 0;
}

let loading: Promise<void> | null = null;
let loadingKey = '';

/** Injects the script (once) and the style that hides the badge. */
export function loadRecaptcha(siteKey = recaptchaSiteKey()): Promise<void> {
  // No key: nothing to load. Provider already on the page: nothing more to load.
  if (!siteKey || window.grecaptcha) return Promise.resolve();
  if (loading && loadingKey === siteKey) return loading;
  document.getElementById(SCRIPT_ID)?.remove();
  loadingKey = siteKey;
  loading = new Promise<void>((resolve, reject) => {
    if (!document.getElementById(`${SCRIPT_ID}-style`)) {
      const style = document.createElement('style');
      style.id = `${SCRIPT_ID}-style`;
      style.textContent = '.grecaptcha-badge{visibility:hidden!important}';
      document.head.appendChild(style);
    }
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.async = true;
    script.defer = true;
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('recaptcha script failed to load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    document.getElementById(SCRIPT_ID)?.remove();
    throw error;
  });
  return loading;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('recaptcha timed out')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * A token for the action (spec: action name `login`). Empty when no key is configured or the
 * provider cannot be reached: the server then answers `wrong` if it requires a captcha.
 */
export async function captchaToken(action = 'login'): Promise<string> {
  const siteKey = recaptchaSiteKey();
  if (!siteKey) return '';
  try {
    await withTimeout(loadRecaptcha(siteKey), LOAD_TIMEOUT_MS);
    const g = window.grecaptcha;
    if (!g) return '';
    await withTimeout(new Promise<void>((resolve) => g.ready(resolve)), LOAD_TIMEOUT_MS);
    return await withTimeout(g.execute(siteKey, { action }), LOAD_TIMEOUT_MS);
  } catch {
    return '';
  }
}
