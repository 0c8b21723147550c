/**
 * Search-engine crawlers and link-preview bots (spec section 4, "Bots"): the fatal-error
 * handler shows them no error page.
 */
const BOT_RE =
  /\bbot\b|bot\/|crawl|spider|slurp|mediapartners|adsbot|googlebot|google-inspectiontool|storebot|bingbot|bingpreview|yandex|baiduspider|duckduckbot|duckassist|sogou|exabot|applebot|petalbot|seznambot|facebookexternalhit|facebookcatalog|meta-externalagent|twitterbot|linkedinbot|slackbot|slack-imgproxy|discordbot|telegrambot|whatsapp|skypeuripreview|pinterest|redditbot|embedly|quora link preview|vkshare|tumblr|outbrain|nuzzel|bitlybot|ahrefs|semrush|mj12bot|dotbot|rogerbot|screaming frog|yeti\/|naver|daum|qwantify|mojeek|archive\.org_bot|ia_archiver/i;

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return BOT_RE.test(userAgent);
}
