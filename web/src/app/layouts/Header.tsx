import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isSignedInAtom, signedInOnceRestored } from '@/shared/session/session';
import { cartCountAtom } from '@/features/cart';
import { chatAtom, UnreadBadge } from '@/features/messages';
import { chatModalAtom, loginModalAtom, mobileDeviceAtom } from '@/shared/state';
import { useNavigate } from 'react-router';
import { useRequireSignIn } from '@/shared/session/useRequireSignIn';
import { formatCount } from '@/shared/lib/format';
import { CartIcon, ChatIcon, UserIcon } from '@/shared/ui/Icons';
import { Logo } from '@/shared/ui/Logo';
import { PrefetchLink, PrefetchNavLink } from '@/shared/ui/PrefetchLink';
import { SearchForm } from '@/shared/ui/SearchForm';
import { lazy, Suspense } from 'react';

/**
 * The search box with live suggestions (a lazy chunk, off the first page's critical path); until
 * it arrives, the plain search form with the same look, which already submits to the search page.
 */
const HeaderSearch = lazy(() => import('@/features/catalog/components/HeaderSearch'));
const SEARCH_CLASS = 'order-last w-full lg:order-none lg:max-w-md lg:flex-1';

const NAV = [
  { to: '/shop', key: 'nav.shop' },
  { to: '/categories', key: 'nav.categories' },
  { to: '/specials', key: 'nav.specials' },
  { to: '/blogs', key: 'nav.blogs' },
  { to: '/about-us', key: 'nav.aboutUs' },
  { to: '/contact-us', key: 'nav.contactUs' },
] as const;

const iconButton =
  'relative inline-flex h-11 items-center justify-center gap-2 rounded-xl px-2.5 text-slate-700 transition hover:bg-slate-100 hover:text-brand-700';

/** Header of the default, home and profile layouts: logo, search, nav, cart and profile. */
export function Header() {
  const { t } = useTranslation();
  const signedIn = useAtomValue(isSignedInAtom);
  const cartCount = useAtomValue(cartCountAtom);
  const openLogin = useSetAtom(loginModalAtom);
  const setChatPanel = useSetAtom(chatModalAtom);
  const mobile = useAtomValue(mobileDeviceAtom);
  const staff = useAtomValue(chatAtom).staff;
  const navigate = useNavigate();
  const requireSignIn = useRequireSignIn();
  // Signed out: the login popup with the chat stored as redirectTo (spec §2). Staff: the inbox.
  // Customers: the chat panel on wide screens, the messages page on phones.
  const store = useStore();
  const openChat = async () => {
    if (!(await signedInOnceRestored(store))) requireSignIn('/profile/messages');
    else if (staff) navigate('/admin/chats');
    else if (mobile) navigate('/profile/messages');
    else setChatPanel((open) => !open);
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 lg:flex-nowrap">
        <PrefetchLink to="/" className="shrink-0 rounded-lg" aria-label={`${t('app.name')} — ${t('nav.home')}`}>
          <Logo />
        </PrefetchLink>
        <Suspense fallback={<SearchForm className={SEARCH_CLASS} />}>
          <HeaderSearch className={SEARCH_CLASS} />
        </Suspense>
        <div className="ms-auto flex items-center gap-1">
          <PrefetchLink to="/profile/cart" className={iconButton} aria-label={t('header.cart')}>
            <CartIcon />
            {cartCount > 0 && (
              <span
                className="absolute -top-0.5 end-0 min-w-5 rounded-full bg-accent-600 px-1 text-center text-xs leading-5 font-bold text-white"
                data-testid="header-cart-count"
              >
                {formatCount(cartCount)}
              </span>
            )}
          </PrefetchLink>
          <button
            type="button"
            className={iconButton}
            onClick={() => void openChat()}
            aria-label={staff ? t('header.staffChats') : t('header.chat')}
            data-testid="header-chat"
          >
            <ChatIcon />
            <UnreadBadge className="absolute -top-0.5 end-0 min-w-5 text-xs leading-5" testId="header-chat-unread" />
          </button>
          {signedIn ? (
            <PrefetchLink to="/profile" className={iconButton} aria-label={t('header.profile')}>
              <UserIcon />
              <span className="hidden text-sm font-bold lg:inline">{t('header.profile')}</span>
            </PrefetchLink>
          ) : (
            <button type="button" className={`${iconButton} border border-slate-200`} onClick={() => openLogin(true)}>
              <UserIcon />
              <span className="hidden text-sm font-bold sm:inline">{t('header.login')}</span>
              <span className="sr-only sm:hidden">{t('header.login')}</span>
            </button>
          )}
        </div>
      </div>
      <nav aria-label={t('header.mainNav')} className="hidden border-t border-slate-100 lg:block">
        <ul className="mx-auto flex max-w-7xl gap-1 px-4">
          {NAV.map((item) => (
            <li key={item.to}>
              <PrefetchNavLink
                to={item.to}
                className={({ isActive }) =>
                  `inline-block px-3 py-2.5 text-sm transition hover:text-brand-700 ${
                    isActive ? 'font-bold text-brand-700' : 'text-slate-700'
                  }`
                }
              >
                {t(item.key)}
              </PrefetchNavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
