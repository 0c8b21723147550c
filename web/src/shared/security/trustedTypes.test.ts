import { allowedHtml, allowedScriptUrl, installTrustedTypesPolicy } from './trustedTypes';

const ORIGIN = 'https://shop.example';

test('blank html passes the default policy and markup does not', () => {
  expect(allowedHtml(' ')).toBe(' ');
  expect(allowedHtml('')).toBe('');
  expect(allowedHtml('<img src=x onerror=alert(1)>')).toBeNull();
  expect(allowedHtml(' <b>x</b> ')).toBeNull();
});

test('script urls pass only from this origin and reCAPTCHA', () => {
  expect(allowedScriptUrl('/assets/index-abc.js', ORIGIN)).toBe('/assets/index-abc.js');
  expect(allowedScriptUrl('https://www.google.com/recaptcha/api.js?render=k', ORIGIN)).not.toBeNull();
  expect(allowedScriptUrl('https://www.gstatic.com/recaptcha/releases/x/recaptcha__fa.js', ORIGIN)).not.toBeNull();
  expect(allowedScriptUrl('https://evil.example/x.js', ORIGIN)).toBeNull();
  expect(allowedScriptUrl('https://www.google.com/evil.js', ORIGIN)).toBeNull();
  expect(allowedScriptUrl('//evil.example/x.js', ORIGIN)).toBeNull();
  expect(allowedScriptUrl('data:text/javascript,alert(1)', ORIGIN)).toBeNull();
  expect(allowedScriptUrl('https://www.google.com.evil.example/recaptcha/x.js', ORIGIN)).toBeNull();
});

test('the default policy is installed once, with script text refused', () => {
  const created: Array<{ name: string; rules: Record<string, (s: string) => string | null> }> = [];
  const tt = {
    defaultPolicy: null as unknown,
    createPolicy(name: string, rules: Record<string, (s: string) => string | null>) {
      created.push({ name, rules });
      this.defaultPolicy = rules;
      return rules;
    },
  };
  const win = { trustedTypes: tt, location: { origin: ORIGIN } };
  installTrustedTypesPolicy(win);
  installTrustedTypesPolicy(win);
  expect(created.map((c) => c.name)).toEqual(['default']);
  expect(created[0].rules.createScript('alert(1)')).toBeNull();
  expect(created[0].rules.createScriptURL('https://evil.example/x.js')).toBeNull();
});

test('without Trusted Types in the browser nothing is installed', () => {
  expect(() => installTrustedTypesPolicy({ location: { origin: ORIGIN } })).not.toThrow();
});
