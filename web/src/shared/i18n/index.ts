import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import fa from './fa.json';

/**
 * Every visible string lives in a Persian resource file: this folder's fa.json is the
 * `translation` namespace; a feature may add `features/<area>/fa.json`, registered as the
 * namespace `<area>` (e.g. `t('auth:…')` or `useTranslation('auth')`).
 */
const featureFiles = import.meta.glob<{ default: Record<string, unknown> }>('../../features/*/fa.json', {
  eager: true,
});

const resources: Record<string, Record<string, unknown>> = { translation: fa };
for (const [path, mod] of Object.entries(featureFiles)) {
  const area = /features\/([^/]+)\/fa\.json$/.exec(path)?.[1];
  if (area) resources[area] = mod.default;
}

void i18n.use(initReactI18next).init({
  lng: 'fa',
  fallbackLng: 'fa',
  supportedLngs: ['fa'],
  resources: { fa: resources },
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});

export default i18n;
