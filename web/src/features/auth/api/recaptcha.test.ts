import { afterEach, describe, expect, it, vi } from 'vitest';
import { captchaToken, loadRecaptcha, recaptchaEnabled } from './recaptcha';

afterEach(() => {
  vi.unstubAllEnvs();
  document.head.innerHTML = '';
  delete window.grecaptcha;
});

describe('reCAPTCHA v3 loader', () => {
  it('is skipped without a site key: no script, empty token', async () => {
    vi.stubEnv('VITE_RECAPTCHA_SITE_KEY', '');
    expect(recaptchaEnabled()).toBe(false);
    expect(await captchaToken('login')).toBe('');
    expect(document.querySelector('script')).toBeNull();
  });

  it('loads the script once with the site key, hides the badge and executes action login', async () => {
    vi.stubEnv('VITE_RECAPTCHA_SITE_KEY', 'site-key-1');
    const execute = vi.fn(async () => 'token-123');
    const pending = captchaToken('login');
    const script = document.querySelector<HTMLScriptElement>('script#recaptcha-v3');
    expect(script?.src).toBe('https://www.google.com/recaptcha/api.js?render=site-key-1');
    expect(document.getElementById('recaptcha-v3-style')?.textContent).toContain('.grecaptcha-badge{visibility:hidden');
    window.grecaptcha = { ready: (cb) => cb(), execute };
    script!.dispatchEvent(new Event('load'));
    expect(await pending).toBe('token-123');
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'login' });
    await loadRecaptcha('site-key-1');
    expect(document.querySelectorAll('script#recaptcha-v3')).toHaveLength(1);
  });

  it('gives an empty token when the provider cannot be loaded', async () => {
    vi.stubEnv('VITE_RECAPTCHA_SITE_KEY', 'site-key-2');
    const pending = captchaToken('login');
    document.querySelector('script#recaptcha-v3')!.dispatchEvent(new Event('error'));
    expect(await pending).toBe('');
  });
});
