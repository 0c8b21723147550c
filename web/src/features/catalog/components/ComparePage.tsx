import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useSearchParams } from 'react-router';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PageTitle } from '@/shared/ui/PageTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { compareProducts } from '@/features/catalog/api/catalog';
import { useResource } from '@/shared/api/resource';
import { compareAtom, MAX_COMPARE } from '@/features/catalog/utils/localLists';
import { Breadcrumbs } from '@/shared/ui/Breadcrumbs';
import { Picture } from '@/shared/ui/Picture';
import { LoadError } from '@/shared/ui/Status';

const UID = /^[A-Za-z0-9_-]{1,64}$/;

/** The uids of `?uids=a,b` (valid, distinct, at most four). */
export function parseUids(raw: string | null): string[] {
  return [...new Set((raw ?? '').split(',').map((s) => s.trim()).filter((s) => UID.test(s)))].slice(0, MAX_COMPARE);
}

/** /compare?uids=a,b: up to four products side by side (the list is also kept on this device). */
export default function ComparePage() {
  const { t } = useTranslation(ns);
  const { title } = useRouteInfo();
  const [params, setParams] = useSearchParams();
  const [stored, setStored] = useAtom(compareAtom);
  const fromUrl = parseUids(params.get('uids'));
  const uids = fromUrl.length ? fromUrl : stored;
  const [onlyDiff, setOnlyDiff] = useState(false);

  // The URL is the truth (shareable); the device list follows it.
  useEffect(() => {
    if (!fromUrl.length && stored.length) setParams({ uids: stored.join(',') }, { replace: true });
    else if (fromUrl.length && fromUrl.join(',') !== stored.join(',')) setStored(fromUrl);
  }, [fromUrl.join(','), stored.join(',')]);

  const { data, error, reload } = useResource(uids.length ? compareProducts(uids) : null);
  const remove = (uid: string) => {
    const next = uids.filter((u) => u !== uid);
    setStored(next);
    setParams(next.length ? { uids: next.join(',') } : {}, { replace: true });
  };

  const products = data?.data ?? [];
  const rows = (data?.Rows ?? []).filter((r) => !onlyDiff || r.Differs);
  return (
    <section aria-labelledby="page-title">
      <Breadcrumbs items={[{ label: t('shop'), to: '/shop' }, { label: title }]} />
      <PageTitle
        aside={
          products.length > 1 ? (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" checked={onlyDiff} onChange={(e) => setOnlyDiff(e.target.checked)} className="h-4 w-4 accent-brand-600" />
              {t('compare.onlyDiff')}
            </label>
          ) : undefined
        }
      >
        <span id="page-title">{title}</span>
      </PageTitle>
      {!uids.length && <EmptyState message={t('compare.empty')} action={{ to: '/shop', label: t('shop') }} />}
      {uids.length > 0 && error && !data && (
        <LoadError onRetry={reload} message={error.status === 404 || error.status === 400 || error.status === 422 ? t('compare.invalid') : null} />
      )}
      {uids.length > 0 && !data && !error && <div className="h-[100dvh] animate-pulse rounded-2xl bg-slate-200/60" aria-label={t('loading')} />}
      {data && products.length > 0 && (
        <div className="overflow-x-auto rounded-2xl bg-white shadow-sm" data-testid="compare-table">
          <table className="w-full table-fixed text-sm" style={{ minWidth: `${5 + products.length * 8.5}rem` }}>
            <colgroup>
              <col className="w-20 md:w-32" />
              {products.map((p) => (
                <col key={p.Uid} />
              ))}
            </colgroup>
            <thead>
              <tr className="align-top">
                <th scope="col" className="sticky start-0 bg-white p-3 text-start text-xs font-normal text-slate-500">
                  {t('compare.feature')}
                </th>
                {products.map((p) => (
                  <th key={p.Uid} scope="col" className="p-2 text-start font-normal md:p-3">
                    <Picture src={p.Image.Src} src2x={p.Image.Src2x} alt="" className="aspect-[4/3] h-auto w-full rounded-xl bg-slate-100 object-cover" />
                    <PrefetchLink to={p.Url} className="mt-2 line-clamp-3 block text-sm leading-6 font-bold text-slate-900 hover:text-brand-700">
                      {p.Name}
                    </PrefetchLink>
                    <button type="button" onClick={() => remove(p.Uid)} className="mt-1 text-xs text-red-700 hover:underline" aria-label={t('compare.remove', { name: p.Name })}>
                      {t('compare.removeShort')}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.Key} className={r.Differs ? 'bg-amber-50/40' : ''} data-testid={`compare-row-${r.Key}`}>
                  <th scope="row" className="sticky start-0 bg-white p-2 text-start align-top text-xs font-normal text-slate-600 md:p-3">
                    {r.Label}
                  </th>
                  {r.Values.map((v, i) => (
                    <td key={i} className="p-2 text-start md:p-3 align-top break-words text-slate-800">
                      <bdi>{v}</bdi>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {uids.length > 0 && uids.length < MAX_COMPARE && (
        <PrefetchLink to="/shop" className="mt-4 inline-block text-sm font-bold text-brand-700 hover:underline">
          {t('compare.add')}
        </PrefetchLink>
      )}
    </section>
  );
}
