import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** document.title = "<title> | لپ‌تاپ‌شاپ" (the home page passes its full title with `full`). */
export function useDocumentTitle(title: string | undefined, full = false): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!title) return;
    document.title = full ? title : `${title} | ${t('app.titleSuffix')}`;
  }, [title, full, t]);
}
