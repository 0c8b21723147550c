import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from './i18n';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatCount, formatPlain } from '@/shared/lib/format';
import { PrimaryButton } from '@/shared/ui/fields';
import { LoadError } from '@/shared/ui/Status';
import { toast } from '@/shared/ui/toast';
import { arrangePictures, deletePicture, listPictures, uploadPicture, type ProductPicture, type ProductPictures } from '../../../api/adminPictures';

/** Moves item `i` of `ids` by `by` places. */
export function moved(ids: number[], i: number, by: number): number[] {
  const j = i + by;
  if (j < 0 || j >= ids.length) return ids;
  const out = [...ids];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

/**
 * A product's uploaded pictures for staff (role catalogue): upload, order, main one, delete.
 * Embedded by the product editor; also its own page (`/admin/catalog/products/:uid/pictures`).
 */
export function ProductPicturesPanel({ uid }: { uid: string }) {
  const { t } = useTranslation(ns);
  const input = useRef<HTMLInputElement>(null);
  const [round, setRound] = useState(0);
  const [state, retry] = useLoad(`product-pictures-${uid}-${round}`, () => listPictures(uid));
  const [shown, setShown] = useState<ProductPictures | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const data = shown ?? (state.kind === 'ok' ? state.data : null);

  const settle = (out: Awaited<ReturnType<typeof listPictures>>, done: string) => {
    setBusy(false);
    if (!out.ok) {
      toast.error(out.message ?? t('serverError'));
      setRound((n) => n + 1);
      setShown(null);
      return false;
    }
    setShown(out.data);
    toast.success(done);
    return true;
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setError(t('chooseFile'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    const out = await uploadPicture(uid, file);
    setBusy(false);
    if (!out.ok) {
      setError(out.message ?? t('serverError'));
      input.current?.focus();
      return;
    }
    setError(null);
    if (input.current) input.current.value = '';
    setShown(out.data);
    toast.success(t('uploaded'));
  };

  const arrange = async (order: number[], main: number) => {
    setBusy(true);
    settle(await arrangePictures(uid, order, main), t('saved'));
  };

  const remove = async (p: ProductPicture, n: number) => {
    if (!window.confirm(t('removeConfirm', { n: formatPlain(n) }))) return;
    setBusy(true);
    settle(await deletePicture(uid, p.id), t('removed'));
  };

  const pictures = data?.data ?? [];
  const ids = pictures.map((p) => p.id);
  const main = pictures.find((p) => p.main)?.id ?? ids[0] ?? 0;

  return (
    <section aria-labelledby="pictures-title" className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm" data-testid="product-pictures">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="pictures-title" className="font-bold text-slate-800">
          {t('title')}
        </h2>
        {data && <p className="text-sm text-slate-600">{t('count', { n: formatCount(pictures.length), max: formatCount(data.max) })}</p>}
      </div>
      {state.kind === 'failed' && !shown && <LoadError message={state.message} onRetry={retry} />}
      {state.kind === 'loading' && !shown && <div className="h-24 animate-pulse rounded-xl bg-slate-200/60" aria-busy="true" />}
      {data && pictures.length === 0 && <p className="text-sm text-slate-700">{t('empty')}</p>}
      {pictures.length > 0 && (
        <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('list')}>
          {pictures.map((p, i) => (
            <li key={p.id} className="flex flex-col gap-2 rounded-xl border border-slate-200 p-2" data-testid="product-picture" data-main={p.main}>
              <img src={p.src} srcSet={p.src_set} sizes="(min-width: 1024px) 320px, 100vw" alt={t('picture', { n: formatPlain(i + 1) })} className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-contain" loading="lazy" />
              <div className="flex flex-wrap items-center gap-2 text-sm">
                {p.main ? (
                  <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800">{t('main')}</span>
                ) : (
                  <button type="button" disabled={busy} className="rounded-lg border border-slate-300 px-2 py-1" onClick={() => void arrange(ids, p.id)}>
                    {t('makeMain')}
                  </button>
                )}
                <span className="text-xs text-slate-600">
                  <bdi dir="ltr">{t('size', { w: formatPlain(p.width), h: formatPlain(p.height) })}</bdi>
                </span>
                <span className="ms-auto flex gap-1">
                  <button type="button" disabled={busy || i === 0} aria-label={`${t('up')} (${t('picture', { n: formatPlain(i + 1) })})`} className="rounded-lg border border-slate-300 px-2 py-1 disabled:opacity-40" onClick={() => void arrange(moved(ids, i, -1), main)}>
                    ↑
                  </button>
                  <button type="button" disabled={busy || i === pictures.length - 1} aria-label={`${t('down')} (${t('picture', { n: formatPlain(i + 1) })})`} className="rounded-lg border border-slate-300 px-2 py-1 disabled:opacity-40" onClick={() => void arrange(moved(ids, i, 1), main)}>
                    ↓
                  </button>
                  <button type="button" disabled={busy} className="rounded-lg border border-red-300 px-2 py-1 text-red-800" onClick={() => void remove(p, i + 1)}>
                    {t('remove')}
                  </button>
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={(e) => void send(e)} noValidate className="flex flex-col gap-2">
        <label htmlFor={`picture-file-${uid}`} className="text-sm font-medium text-slate-700">
          {t('file')}
        </label>
        <input
          ref={input}
          id={`picture-file-${uid}`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `picture-hint-${uid} picture-error-${uid}` : `picture-hint-${uid}`}
          className="block w-full text-sm file:me-3 file:rounded-xl file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-brand-800"
          data-testid="picture-file"
          onChange={() => setError(null)}
        />
        <p id={`picture-hint-${uid}`} className="text-xs text-slate-600">
          {t('hint')}
        </p>
        {error && (
          <p id={`picture-error-${uid}`} role="alert" className="text-sm text-red-700" data-testid="picture-error">
            {error}
          </p>
        )}
        <div className="sm:w-48">
          <PrimaryButton type="submit" disabled={busy} data-testid="picture-upload">
            {busy ? t('uploading') : t('upload')}
          </PrimaryButton>
        </div>
      </form>
    </section>
  );
}
