import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import fa from './fa.json';

/**
 * Every visible string lives in a Persian resource file: this folder's fa.json is the
 * `translation` namespace (the shell's, the home page's and shared code's strings), loaded with
 * the app. A feature's `features/<area>/fa.json` is the namespace `<area>`, registered by the
 * feature's own `i18n.ts` (`export const ns = addNamespace('<area>', fa)`) when its code loads,
 * so a route's strings travel in its chunk. Components name it as `useTranslation(ns)`: the
 * import that gives them `ns` is what registers the strings before their first render.
 */
void i18n.use(initReactI18next).init({
  lng: 'fa',
  fallbackLng: 'fa',
  supportedLngs: ['fa'],
  resources: { fa: { translation: fa } },
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});

/** Registers a feature's strings (once) and returns its namespace name. */
export function addNamespace<const N extends string>(ns: N, strings: Record<string, unknown>): N {
  if (!i18n.hasResourceBundle('fa', ns)) i18n.addResourceBundle('fa', ns, strings);
  return ns;
}

export default i18n;
