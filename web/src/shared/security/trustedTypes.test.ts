import { allowedHtml, allowedScriptUrl, installTrustedTypesPolicy } from './trustedTypes';
import { allowedMarkdownHtml, markdownHtml } from './markdownHtml';

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

test('rendered Markdown passes only with the renderer\'s own tags and safe addresses', () => {
  const ok = '<h2>سرتیتر</h2>\n<p><strong>مهم</strong> &lt;script&gt;alert(1)&lt;/script&gt; <a href="https://a.ir/x?y=1" title="t">پیوند</a></p>\n<ul>\n<li>یک</li>\n</ul>\n<table><thead><tr><th style="text-align: left">a</th></tr></thead></table><img src="/x.png" alt="x" /><hr /><pre><code class="language-rust">x</code></pre>';
  expect(allowedMarkdownHtml(ok)).toBe(ok);
  for (const bad of [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<p onclick="x()">a</p>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href=" JavaScript:alert(1)">x</a>',
    '<iframe src="https://x"></iframe>',
    '<svg onload=alert(1)>',
    '<!-- x --><p>a</p>',
    '<p>a</p><',
  ]) {
    expect(allowedMarkdownHtml(bad), bad).toBeNull();
  }
});

test('markdown html goes through its own policy, and refused html is dropped', () => {
  const tt = {
    defaultPolicy: null as unknown,
    createPolicy(name: string, rules: { createHTML: (s: string) => string | null }) {
      return { createHTML: (s: string) => ({ trusted: rules.createHTML(s), name }) };
    },
  };
  expect(markdownHtml('<p>a</p>', { trustedTypes: tt as never })).toEqual({ trusted: '<p>a</p>', name: 'shop-markdown' });
  expect(markdownHtml('<script>x</script>', { trustedTypes: tt as never })).toBe('');
  expect(markdownHtml('<p>a</p>', {})).toBe('<p>a</p>');
});
