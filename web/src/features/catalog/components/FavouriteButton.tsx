import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { HeartIcon } from '@/shared/ui/Icons';
import { favouritesAtom, toggleIn } from '@/features/catalog/utils/localLists';

/**
 * The favourite heart. Local only: kept in this browser until the favourites feature has its
 * server calls (the button's title and the toast say so).
 */
export function FavouriteButton({ uid }: { uid: string }) {
  const { t } = useTranslation('catalog');
  const [list, setList] = useAtom(favouritesAtom);
  const on = list.includes(uid);
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={on ? t('product.unfavourite') : t('product.favourite')}
      title={t('product.favouriteLocal')}
      onClick={() => {
        const next = toggleIn(list, uid, 500);
        if (!next) return;
        setList(next);
        if (!on) toast(t('product.favouriteLocal'), { id: 'favourite-local', icon: '♥' });
      }}
      className={`flex h-11 w-11 items-center justify-center rounded-full border transition ${
        on ? 'border-red-200 bg-red-50 text-red-600' : 'border-slate-200 bg-white text-slate-600 hover:text-red-600'
      }`}
      data-testid="favourite"
    >
      <HeartIcon className="h-6 w-6" fill={on ? 'currentColor' : 'none'} />
    </button>
  );
}
