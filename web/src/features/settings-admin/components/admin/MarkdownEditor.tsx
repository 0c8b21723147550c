import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../../i18n';
import { RenderedMarkdown } from '@/shared/ui/RenderedMarkdown';
import { preview } from '../../api/settings';

/** How long typing must pause before the preview is asked for again. */
export const PREVIEW_DELAY_MS = 300;

/**
 * A Markdown textarea with a live preview beside it (below it on a phone). The preview is the
 * server's rendering (`content/preview`), the one the storefront shows, so markup typed here
 * appears escaped exactly as shoppers will see it.
 */
export function MarkdownEditor({ name, label, value, error, onChange, rows = 12, maxLength }: { name: string; label: string; value: string; error?: string; onChange: (v: string) => void; rows?: number; maxLength?: number | null }) {
  const { t } = useTranslation(ns);
  const id = useId();
  const [html, setHtml] = useState('');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    const timer = window.setTimeout(() => {
      void preview(value).then((out) => {
        if (!alive) return;
        setFailed(!out.ok);
        if (out.ok) setHtml(out.data);
      });
    }, PREVIEW_DELAY_MS);
    return () => {
      alive = false;
      window.clearTimeout(timer);
    };
  }, [value]);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <textarea
          id={id}
          name={name}
          dir="auto"
          rows={rows}
          maxLength={maxLength ?? undefined}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
          onChange={(e) => onChange(e.target.value)}
          className={`rounded-xl border px-3 py-2 font-mono text-sm leading-7 [overflow-wrap:anywhere] ${error ? 'border-red-500' : 'border-slate-300'}`}
        />
        <p id={`${id}-help`} className="text-xs leading-6 text-slate-600">
          {t('markdownHelp')}
        </p>
        {error && (
          <p id={`${id}-error`} className="text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
      <section aria-label={t('preview')} className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-3">
        <h3 className="mb-2 text-xs font-bold text-slate-600">{t('preview')}</h3>
        {failed ? <p className="text-sm text-red-700">{t('previewFailed')}</p> : <RenderedMarkdown html={html} testId="markdown-preview" />}
      </section>
    </div>
  );
}
