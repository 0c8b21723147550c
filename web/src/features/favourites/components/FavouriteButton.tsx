import { useAtomValue, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { toast } from '@/shared/ui/toast';
import { isSignedInAtom } from '@/shared/session/session';
import { HeartIcon } from '@/shared/ui/Icons';
import { heartsAtom, toggleHeart } from '../stores/favourites';

/**
 * The favourite heart. Signed in, it saves to the account; before sign-in it keeps the heart in
 * this browser (the title and the toast say so) and the heart joins the account at sign-in.
 */
export function FavouriteButton({ uid, name, compact = false }: { uid: string; name?: string; compact?: boolean }) {
  const { t } = useTranslation(ns);
  const store = useStore();
  const hearts = useAtomValue(heartsAtom);
  const signedIn = useAtomValue(isSignedInAtom);
  const on = hearts.includes(uid);
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={name ? t(on ? 'heart.removeNamed' : 'heart.addNamed', { name }) : on ? t('heart.remove') : t('heart.add')}
      title={signedIn ? undefined : t('heart.local')}
      onClick={() => {
        void toggleHeart(store, uid).then((r) => {
          if (r === 'failed') toast.error(t('heart.failed'), { id: 'favourite' });
          else if (r === 'full') toast.error(t('heart.full'), { id: 'favourite' });
          else if (r === 'added' || r === 'kept') toast(r === 'added' ? t('heart.saved') : t('heart.local'), { id: 'favourite', icon: '♥' });
        });
      }}
      className={`flex items-center justify-center rounded-full border transition ${compact ? 'h-9 w-9 shadow-sm' : 'h-11 w-11'} ${
        on ? 'border-red-200 bg-red-50 text-red-600' : 'border-slate-200 bg-white text-slate-600 hover:text-red-600'
      }`}
      data-testid={compact ? 'card-favourite' : 'favourite'}
    >
      <HeartIcon className={compact ? 'h-5 w-5' : 'h-6 w-6'} fill={on ? 'currentColor' : 'none'} />
    </button>
  );
}
