import { useEffect, useRef, type ComponentType, type SVGProps } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  BellIcon,
  CartIcon,
  ChatIcon,
  DocIcon,
  EditIcon,
  HeartIcon,
  PinIcon,
  ShieldIcon,
  TagIcon,
  TicketIcon,
  UserIcon,
  WalletIcon,
} from '@/shared/ui/Icons';
import { PrefetchNavLink } from '@/shared/ui/PrefetchLink';
import { isSignedInAtom } from '@/shared/session/session';
import { useIsStaff } from '@/shared/session/useIsStaff';
import { LogoutButton } from '@/features/auth/components/LogoutButton';

type Item = { to: string; key: string; icon: ComponentType<SVGProps<SVGSVGElement>>; end?: boolean };

const ITEMS: Item[] = [
  { to: '/profile', key: 'profileMenu.profile', icon: UserIcon, end: true },
  { to: '/profile/edit', key: 'profileMenu.profileEdit', icon: EditIcon },
  { to: '/profile/cart', key: 'profileMenu.cart', icon: CartIcon, end: true },
  { to: '/profile/factors', key: 'profileMenu.factors', icon: DocIcon },
  { to: '/profile/finance', key: 'profileMenu.finance', icon: WalletIcon },
  { to: '/profile/addresses', key: 'profileMenu.addresses', icon: PinIcon },
  { to: '/profile/discounts', key: 'profileMenu.discounts', icon: TagIcon },
  { to: '/profile/favorites', key: 'profileMenu.favorites', icon: HeartIcon },
  { to: '/profile/alerts', key: 'profileMenu.alerts', icon: BellIcon },
  { to: '/profile/tickets', key: 'profileMenu.tickets', icon: TicketIcon },
  { to: '/profile/messages', key: 'profileMenu.messages', icon: ChatIcon },
];

/** Shown only to staff (user `Type` 2): the back office, whose menu follows their roles. */
const STAFF_ITEMS: typeof ITEMS = [{ to: '/admin', key: 'profileMenu.admin', icon: ShieldIcon, end: true }];

/** The profile layout's side menu (a scrollable row below lg). */
export function ProfileMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = useIsStaff() ? [...ITEMS, ...STAFF_ITEMS] : ITEMS;
  // A signed-out visitor (a profile page shows them the sign-in prompt) has nothing to leave.
  const signedIn = useAtomValue(isSignedInAtom);
  const listRef = useRef<HTMLUListElement>(null);
  // Below lg the menu is a horizontal row: keep the current item in view.
  useEffect(() => {
    const active = listRef.current?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (active && listRef.current && listRef.current.scrollWidth > listRef.current.clientWidth) {
      active.scrollIntoView?.({ block: 'nearest', inline: 'center' });
    }
  }, [pathname]);
  return (
    <nav aria-label={t('profileMenu.label')} data-testid="profile-menu">
      <ul ref={listRef} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:rounded-2xl lg:bg-white lg:p-3 lg:shadow-sm">
        {items.map(({ to, key, icon: Icon, end }) => (
          <li key={to} className="shrink-0">
            <PrefetchNavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                `flex items-center gap-2 rounded-xl px-3 py-2 text-sm whitespace-nowrap transition ${
                  isActive
                    ? 'bg-brand-50 font-bold text-brand-700'
                    : 'bg-white text-slate-700 hover:bg-slate-100 lg:bg-transparent'
                }`
              }
            >
              <Icon className="h-5 w-5" />
              {t(key)}
            </PrefetchNavLink>
          </li>
        ))}
        {signedIn && (
          <li className="shrink-0 lg:mt-2 lg:border-t lg:border-slate-100 lg:pt-2">
            <LogoutButton className="flex w-full items-center gap-2 rounded-xl bg-white px-3 py-2 text-sm whitespace-nowrap text-red-600 hover:bg-red-50 lg:bg-transparent" />
          </li>
        )}
      </ul>
    </nav>
  );
}
