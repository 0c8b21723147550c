import { describe, expect, it } from 'vitest';
import { isBotUserAgent } from './bots';
import { estimatedProgress, LOADING_BAR } from '@/shared/ui/LoadingBar';

describe('bots', () => {
  it('recognises search-engine and preview bots, not browsers', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (compatible; YandexBot/3.0)',
      'facebookexternalhit/1.1',
      'TelegramBot (like TwitterBot)',
      'WhatsApp/2.23.20.0',
      'Twitterbot/1.0',
      'Slackbot-LinkExpanding 1.0',
    ])
      expect(isBotUserAgent(ua), ua).toBe(true);
    for (const ua of [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Linux; Android 9; CUBOT X19) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
      '',
    ])
      expect(isBotUserAgent(ua), ua).toBe(false);
  });
});

describe('loading bar', () => {
  it('uses the spec constants', () => {
    expect(LOADING_BAR).toEqual({ durationMs: 2000, throttleMs: 200, hideDelayMs: 500, resetDelayMs: 400 });
    expect(estimatedProgress(0)).toBe(0);
    expect(estimatedProgress(2000)).toBeGreaterThan(60);
    expect(estimatedProgress(60_000)).toBeLessThan(100);
  });
});
