import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from './i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { formatCount, formatDigits, formatPlain } from '@/shared/lib/format';
import { PrimaryButton } from '@/shared/ui/fields';
import { Money } from '@/shared/ui/Money';
import { PageTitle } from '@/shared/ui/PageTitle';
import { toast } from '@/shared/ui/toast';
import { applyPrices, exportPrices, previewPrices, type PriceChange, type PricePreview } from '../../../api/adminPrices';

/** Rows drawn per table: a 10,000-row sheet is summed up, not drawn in full. */
export const SHOWN = 200;

/** Saves a blob under `name` through a temporary link. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * `old → new`, the old struck through; only the new when nothing changed. Each amount stays on
 * one line, but the new one may go under the old: on a phone the column stays one amount wide.
 */
function Move({ from, to, children }: { from: number; to: number; children: (n: number) => ReactNode }) {
  const { t } = useTranslation(ns);
  if (from === to) return <span className="whitespace-nowrap text-slate-600">{children(to)}</span>;
  return (
    <span className="flex flex-wrap items-baseline">
      <del className="whitespace-nowrap text-slate-600">{children(from)}</del>
      <span aria-hidden="true" className="mx-1">
        ←
      </span>
      <span className="sr-only"> {t('to')} </span>
      <ins className="whitespace-nowrap font-bold text-slate-900 no-underline">{children(to)}</ins>
    </span>
  );
}

/**
 * A table that scrolls sideways on a phone (a focusable region, so keyboards reach it too).
 * `relative`: the rows' visually hidden words are absolutely placed, and without a positioned
 * scroller they escape it and widen the whole page.
 */
function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto rounded-2xl bg-white shadow-sm">
      {children}
    </div>
  );
}

function ChangeRow({ c }: { c: PriceChange }) {
  return (
    <tr className="border-t border-slate-100 align-top" data-testid="price-change">
      <td className="px-3 py-2">{formatPlain(c.line)}</td>
      <td className="min-w-48 px-3 py-2">
        <span className="block text-slate-800">{c.name}</span>
        <bdi dir="ltr" className="text-xs text-slate-600">
          {formatDigits(c.sku)}
        </bdi>
      </td>
      <td className="px-3 py-2">
        <Move from={c.old_price} to={c.new_price}>
          {(n) => <Money value={n} />}
        </Move>
      </td>
      <td className="px-3 py-2">
        <Move from={c.old_stock} to={c.new_stock}>
          {(n) => formatCount(n)}
        </Move>
      </td>
    </tr>
  );
}

function Preview({ p, busy, onApply }: { p: PricePreview; busy: boolean; onApply: () => void }) {
  const { t } = useTranslation(ns);
  return (
    <section aria-labelledby="prices-result" className="flex flex-col gap-4">
      <p id="prices-result" role="status" className="rounded-2xl bg-white p-4 text-sm text-slate-800 shadow-sm" data-testid="prices-summary">
        {t('summary', {
          rows: formatCount(p.rows),
          changes: formatCount(p.changes.length),
          unchanged: formatCount(p.unchanged),
          rejected: formatCount(p.rejected.length),
        })}
      </p>
      {p.rejected.length > 0 && (
        <div className="flex flex-col gap-2" data-testid="prices-rejected">
          <h2 className="font-bold text-red-800">{t('rejectedTitle')}</h2>
          <p className="text-sm text-red-800">{t('rejectedNote')}</p>
          <Scroll label={t('rejectedRegion')}>
            <table className="w-full text-start text-sm">
              <thead className="bg-red-50 text-red-900">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t('line')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t('reason')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.rejected.slice(0, SHOWN).map((r) => (
                  <tr key={r.line} className="border-t border-slate-100" data-testid="price-rejected">
                    <td className="px-3 py-2">{formatPlain(r.line)}</td>
                    <td className="px-3 py-2">{r.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
          {p.rejected.length > SHOWN && <p className="text-sm text-slate-700">{t('moreRejected', { n: formatCount(p.rejected.length - SHOWN) })}</p>}
        </div>
      )}
      <div className="flex flex-col gap-2">
        <h2 className="font-bold text-slate-800">{t('changesTitle')}</h2>
        {p.changes.length === 0 ? (
          <p className="text-sm text-slate-700">{t('noChanges')}</p>
        ) : (
          <>
            <Scroll label={t('changesRegion')}>
              <table className="w-full text-sm" data-testid="prices-changes">
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="px-3 py-2 text-start">
                      {t('line')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-start">
                      {t('item')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-start">
                      {t('price')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-start">
                      {t('stock')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {p.changes.slice(0, SHOWN).map((c) => (
                    <ChangeRow key={c.line} c={c} />
                  ))}
                </tbody>
              </table>
            </Scroll>
            {p.changes.length > SHOWN && <p className="text-sm text-slate-700">{t('more', { n: formatCount(p.changes.length - SHOWN) })}</p>}
          </>
        )}
      </div>
      {p.token && (
        <div className="sm:w-64">
          <PrimaryButton type="button" disabled={busy} onClick={onApply} data-testid="prices-apply">
            {busy ? t('applying') : t('apply', { n: formatCount(p.changes.length) })}
          </PrimaryButton>
        </div>
      )}
    </section>
  );
}

/** /admin/catalog/prices: export the prices and stock, send an edited sheet, see every change and refusal, apply all at once. */
export default function PricesPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<PricePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | 'export' | null>(null);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setError(t('chooseFile'));
      input.current?.focus();
      return;
    }
    setBusy('preview');
    setPreview(null);
    const out = await previewPrices(file);
    setBusy(null);
    if (!out.ok) {
      setError(out.message ?? t('serverError'));
      input.current?.focus();
      return;
    }
    setError(null);
    setPreview(out.data);
  };

  const apply = async () => {
    if (!preview?.token) return;
    setBusy('apply');
    const out = await applyPrices(preview.token);
    setBusy(null);
    if (!out.ok) {
      // 409: a price moved since the preview; 404: the preview expired or was used. Either way, send the file again.
      setPreview(null);
      setError(out.message ?? t('serverError'));
      return;
    }
    setPreview(null);
    if (input.current) input.current.value = '';
    toast.success(t('applied', { n: formatCount(out.data.changed) }));
  };

  const download = async () => {
    setBusy('export');
    const out = await exportPrices();
    setBusy(null);
    if (!out.ok) {
      toast.error(out.message ?? t('exportFailed'));
      return;
    }
    saveBlob(out.data, 'prices.csv');
  };

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <PageTitle
        aside={
          <button
            type="button"
            className="rounded-xl border border-brand-700 px-3 py-2 text-sm font-medium text-brand-800 disabled:opacity-60"
            onClick={() => void download()}
            disabled={busy === 'export'}
            data-testid="prices-export"
          >
            {busy === 'export' ? t('exporting') : t('export')}
          </button>
        }
      >
        <span id="page-title">{route.title}</span>
      </PageTitle>
      <div className="flex flex-col gap-1 text-sm text-slate-700">
        <p>{t('intro')}</p>
        <p>{t('columns')}</p>
      </div>
      <form onSubmit={(e) => void send(e)} noValidate aria-labelledby="prices-upload" className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm">
        <h2 id="prices-upload" className="font-bold text-slate-800">
          {t('uploadTitle')}
        </h2>
        <div className="flex flex-col gap-1">
          <label htmlFor="prices-file" className="text-sm font-medium text-slate-700">
            {t('file')}
          </label>
          <input
            ref={input}
            id="prices-file"
            name="file"
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'prices-file-hint prices-file-error' : 'prices-file-hint'}
            className="block w-full text-sm file:me-3 file:rounded-xl file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-brand-800"
            data-testid="prices-file"
            onChange={() => {
              setError(null);
              setPreview(null);
            }}
          />
          <p id="prices-file-hint" className="text-xs text-slate-600">
            {t('fileHint')}
          </p>
          {error && (
            <p id="prices-file-error" role="alert" className="text-sm text-red-700" data-testid="prices-error">
              {error}
            </p>
          )}
        </div>
        <div className="sm:w-48">
          <PrimaryButton type="submit" disabled={busy === 'preview'} data-testid="prices-preview">
            {busy === 'preview' ? t('previewing') : t('preview')}
          </PrimaryButton>
        </div>
      </form>
      {preview && <Preview p={preview} busy={busy === 'apply'} onApply={() => void apply()} />}
    </section>
  );
}
