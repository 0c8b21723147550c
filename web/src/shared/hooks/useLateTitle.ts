import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * document.title = "<title> | لپ‌تاپ‌شاپ", set after the route frame has set the route's own
 * title (effects run child first, so a page's title known at mount would be overwritten).
 */
export function useLateTitle(title: string | undefined): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!title) return;
    const id = setTimeout(() => {
      document.title = `${title} | ${t('app.titleSuffix')}`;
    }, 0);
    return () => clearTimeout(id);
  }, [title, t]);
}
