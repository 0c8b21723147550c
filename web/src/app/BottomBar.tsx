import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { cartCountAtom } from '@/features/cart';
import { UnreadBadge } from '@/features/messages';
import { formatCount } from '@/shared/lib/format';
import { useLocation } from 'react-router';
import { ChatIcon, GridIcon, SearchIcon, UserIcon } from '@/shared/ui/Icons';
import { LogoMark } from '@/shared/ui/Logo';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { useCurrentRouteHandle } from './routeHandle';
import { useRequireSignIn } from '@/shared/session/useRequireSignIn';

/** Spec section 2: the bar is hidden on these named routes. */
export const BOTTOM_BAR_HIDDEN_ON = ['productDetail', 'messages', 'cart', 'CartOrderRegistration', 'cartFirst'] as const;

export function isBottomBarHidden(routeName: string | undefined): boolean {
  return routeName !== undefined && (BOTTOM_BAR_HIDDEN_ON as readonly string[]).includes(routeName);
}

const item =
  'flex h-full flex-1 flex-col items-center justify-center gap-0.5 text-[0.7rem] text-slate-600 transition hover:text-brand-700 aria-[current=page]:font-bold aria-[current=page]:text-brand-700';

/**
 * The mobile bottom bar: products, search, the home logo in the centre, chat, profile.
 * Below the lg breakpoint only (`lg:hidden`). Chat and profile need sign-in.
 */
export function BottomBar() {
  const { t } = useTranslation();
  const handle = useCurrentRouteHandle();
  const { pathname } = useLocation();
  const requireSignIn = useRequireSignIn();
  const cartCount = useAtomValue(cartCountAtom);
  if (isBottomBarHidden(handle?.name)) return null;

  const current = (path: string) => (pathname === path ? ('page' as const) : undefined);

  return (
    <nav
      aria-label={t('bottomBar.label')}
      data-testid="bottom-bar"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgba(15,23,42,0.06)] backdrop-blur lg:hidden"
    >
      <ul className="mx-auto flex h-16 max-w-lg items-stretch">
        <li className="flex flex-1">
          <PrefetchLink to="/categories" className={item} aria-current={current('/categories')}>
            <GridIcon className="h-6 w-6" />
            {t('bottomBar.products')}
          </PrefetchLink>
        </li>
        <li className="flex flex-1">
          <PrefetchLink to="/mobile-search" className={item} aria-current={current('/mobile-search')}>
            <SearchIcon className="h-6 w-6" />
            {t('bottomBar.search')}
          </PrefetchLink>
        </li>
        <li className="flex flex-1 justify-center">
          <PrefetchLink
            to="/"
            aria-label={t('bottomBar.home')}
            aria-current={current('/')}
            className="-mt-5 flex h-14 w-14 items-center justify-center rounded-full border-4 border-white bg-brand-50 shadow-md"
          >
            <LogoMark className="h-9 w-9" />
          </PrefetchLink>
        </li>
        <li className="flex flex-1">
          <button
            type="button"
            className={item}
            aria-current={current('/profile/messages')}
            onClick={() => requireSignIn('/profile/messages')}
          >
            <span className="relative">
              <ChatIcon className="h-6 w-6" />
              <UnreadBadge className="absolute -top-1.5 -end-2.5" testId="bottom-chat-unread" />
            </span>
            {t('bottomBar.chat')}
          </button>
        </li>
        <li className="flex flex-1">
          <button
            type="button"
            className={item}
            aria-current={current('/profile')}
            onClick={() => requireSignIn('/profile')}
          >
            <span className="relative">
              <UserIcon className="h-6 w-6" />
              {/* The cart lives under the profile: its count (sum of quantities) rides on this item. */}
              {cartCount > 0 && (
                <span
                  className="absolute -top-1.5 -end-2.5 min-w-4 rounded-full bg-accent-600 px-1 text-center text-[0.65rem] leading-4 font-bold text-white"
                  data-testid="bottom-cart-count"
                  aria-label={t('bottomBar.cartCount', { n: formatCount(cartCount) })}
                >
                  {formatCount(cartCount)}
                </span>
              )}
            </span>
            {t('bottomBar.profile')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
