import { describe, expect, it } from 'vitest';
import { afterLoginTarget, isSafeRedirect, withRedirect } from './redirect';

describe('after-login redirect (spec section 4)', () => {
  it('follows redirectTo when present', () => {
    expect(afterLoginTarget('/', '?redirectTo=%2Fprofile')).toBe('/profile');
    expect(afterLoginTarget('/login', '?redirectTo=/profile/messages')).toBe('/profile/messages');
    expect(afterLoginTarget('/shop', '?q=x&redirectTo=/profile')).toBe('/profile');
  });
  it('stays on the current path when not on home', () => {
    expect(afterLoginTarget('/shop', '')).toBe('/shop');
    expect(afterLoginTarget('/product/abc', '?tab=2')).toBe('/product/abc?tab=2');
  });
  it('goes home from the login route', () => {
    expect(afterLoginTarget('/login', '')).toBe('/');
  });
  it('has nowhere to go from home', () => {
    expect(afterLoginTarget('/', '')).toBeNull();
  });
  it('never follows an off-site redirect', () => {
    expect(isSafeRedirect('//evil.example')).toBe(false);
    expect(isSafeRedirect('https://evil.example')).toBe(false);
    expect(isSafeRedirect('/\\evil.example')).toBe(false);
    // Tabs and newlines are dropped by the URL parser: these become `//evil.example`.
    expect(isSafeRedirect('/\t/evil.example')).toBe(false);
    expect(isSafeRedirect('/\n/evil.example')).toBe(false);
    expect(afterLoginTarget('/login', '?redirectTo=/%09/evil.example')).toBe('/');
    expect(isSafeRedirect('/profile/messages?tab=2')).toBe(true);
    expect(afterLoginTarget('/login', '?redirectTo=//evil.example')).toBe('/');
    expect(afterLoginTarget('/shop', '?redirectTo=https://evil.example')).toBe('/shop');
  });
  it('stores a redirect target in the query', () => {
    expect(withRedirect('/', '', '/profile')).toBe('/?redirectTo=%2Fprofile');
  });
});
