import { useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/shared/ui/toast';
import { persianDigits, useCore } from '@/shared/core/useCore';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { EmptyState } from '@/shared/ui/EmptyState';
import { HeartIcon, TrashIcon } from '@/shared/ui/Icons';
import { PageTitle } from '@/shared/ui/PageTitle';
import { Pagination } from '@/shared/ui/Pagination';
import { Picture } from '@/shared/ui/Picture';
import { LoadError } from '@/shared/ui/Status';
import { listFavourites, removeFavourite, type Favourite, type FavouritePage } from '../api/favourites';
import { accountHeartsAtom } from '../stores/favourites';

export const PAGE_SIZE = 24;

type Phase = { kind: 'loading' } | { kind: 'failed'; message: string | null } | { kind: 'ready'; page: FavouritePage };

function FavouriteRow({ f, onRemove, busy }: { f: Favourite; onRemove: () => void; busy: boolean }) {
  const { t } = useTranslation(ns);
  const p = f.Product;
  return (
    <li className="flex min-w-0 gap-3 rounded-2xl bg-white p-3 shadow-sm" data-testid="favourite-item" data-uid={f.Uid}>
      {p ? (
        <Link to={p.Url} className="w-24 shrink-0 sm:w-32">
          <Picture src={p.Image.Src} src2x={p.Image.Src2x} alt={p.Image.Alt || p.Name} width={p.Image.Width} height={p.Image.Height} className="aspect-[4/3] h-auto w-full rounded-xl bg-slate-100 object-cover" />
        </Link>
      ) : (
        <div className="flex aspect-[4/3] w-24 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-400 sm:w-32" aria-hidden="true">
          <HeartIcon className="h-8 w-8" />
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {p ? (
          <Link to={p.Url} className="break-words text-sm font-bold leading-7 text-slate-900 hover:text-brand-700">
            {f.Name}
          </Link>
        ) : (
          <span className="break-words text-sm font-bold leading-7 text-slate-500">{f.Name}</span>
        )}
        {p ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-bold text-slate-900" data-testid="favourite-price">
              {p.PriceText}
            </span>
            {p.OldPriceText && <span className="text-xs text-slate-500 line-through">{p.OldPriceText}</span>}
            <span className={p.InStock ? 'text-emerald-700' : 'text-red-700'} data-testid="favourite-stock">
              {p.InStock ? t('page.inStock') : t('page.outOfStock')}
            </span>
          </div>
        ) : (
          <p className="text-sm text-slate-600" data-testid="favourite-unavailable">
            {t('page.unavailable')}
          </p>
        )}
        <div className="mt-auto">
          <button
            type="button"
            onClick={onRemove}
            disabled={busy}
            aria-label={t('page.removeNamed', { name: f.Name })}
            className="flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
          >
            <TrashIcon className="h-4 w-4" />
            {t('page.remove')}
          </button>
        </div>
      </div>
    </li>
  );
}

/**
 * `/profile/favorites`: the account's favourites with today's price and stock, page by page
 * (`?page=`), newest first; a product the shop no longer sells is listed as unavailable and can
 * be removed. The empty state shows only when the server's total is zero.
 */
export default function FavouritesPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const core = useCore();
  const [params] = useSearchParams();
  const pageNo = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [reload, setReload] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const setAccountHearts = useSetAtom(accountHeartsAtom);

  useEffect(() => {
    let alive = true;
    void listFavourites(pageNo, PAGE_SIZE).then((out) => {
      if (!alive) return;
      setPhase(out.ok ? { kind: 'ready', page: out.data } : { kind: 'failed', message: out.message });
    });
    return () => {
      alive = false;
    };
  }, [pageNo, reload]);

  const remove = async (uid: string) => {
    setBusy(uid);
    const out = await removeFavourite(uid);
    setBusy(null);
    if (!out.ok) {
      toast.error(out.message ?? t('page.removeFailed'));
      return;
    }
    setAccountHearts(out.data);
    // The page is read again so the counts and the next item move up.
    setReload((n) => n + 1);
  };

  const total = phase.kind === 'ready' ? phase.page.page.Total : 0;
  return (
    <section aria-labelledby="page-title" className="min-w-0">
      <PageTitle aside={total > 0 ? <span className="text-sm text-slate-600">{t('page.count', { n: persianDigits(core, total) })}</span> : undefined}>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      {phase.kind === 'loading' && <div className="h-48 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {phase.kind === 'failed' && <LoadError message={phase.message ?? t('page.loadFailed')} onRetry={() => setReload((n) => n + 1)} />}
      {phase.kind === 'ready' && total === 0 && <EmptyState icon={<HeartIcon />} message={t('page.empty')} action={{ to: '/shop', label: t('page.goShop') }} />}
      {phase.kind === 'ready' && total > 0 && (
        <>
          <p className="mb-3 text-sm leading-7 text-slate-600">{t('page.intro')}</p>
          {phase.page.data.length > 0 ? (
            <ul className="grid gap-3 lg:grid-cols-2" data-testid="favourites">
              {phase.page.data.map((f) => (
                <FavouriteRow key={f.Uid} f={f} busy={busy === f.Uid} onRemove={() => void remove(f.Uid)} />
              ))}
            </ul>
          ) : (
            // Past the last page (e.g. after removals): the way back, not a false "empty".
            <p className="rounded-2xl bg-white p-4 text-sm text-slate-700">
              <Link to="/profile/favorites" className="font-medium text-brand-700 hover:underline">
                {t('page.pageOf', { page: persianDigits(core, 1), pages: persianDigits(core, phase.page.page.Pages) })}
              </Link>
            </p>
          )}
          <Pagination page={pageNo} pages={phase.page.page.Pages} />
        </>
      )}
    </section>
  );
}
