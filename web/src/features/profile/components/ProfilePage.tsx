import { useContext, type ComponentType, type ReactNode, type SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { persianDigits, useCore } from '@/shared/core/useCore';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { routeEntries } from '@/shared/routes/routeTable';
import {
  CartIcon,
  ChatIcon,
  DocIcon,
  EditIcon,
  BellIcon,
  HeartIcon,
  PinIcon,
  TagIcon,
  TicketIcon,
  UserIcon,
  WalletIcon,
} from '@/shared/ui/Icons';
import { PageTitle } from '@/shared/ui/PageTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { LoadError } from '@/shared/ui/Status';
import { useMe } from '../hooks/useMe';
import { RecentOrdersSlot } from './slots';

const ICONS: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  profileEdit: EditIcon,
  factors: DocIcon,
  finance: WalletIcon,
  addresses: PinIcon,
  cart: CartIcon,
  discounts: TagIcon,
  favorites: HeartIcon,
  alerts: BellIcon,
  tickets: TicketIcon,
  messages: ChatIcon,
};

/** Every page of the profile area (the route table's profile layout, without per-item pages). */
const PROFILE_PAGES = routeEntries.filter((r) => r.layout === 'profile' && r.path.startsWith('/profile/') && !r.path.includes('{'));

function Card({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm md:p-5">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="font-bold text-slate-900">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

const linkClass = 'rounded-lg px-2 py-1 text-sm font-bold text-brand-700 hover:bg-brand-50';

/**
 * `/profile`: who is signed in (name, mobile in Persian digits), the recent orders, where the
 * tickets and messages are, and a link into every profile page. Tickets and messages are other
 * areas: this page links to them rather than claim there are none.
 */
export default function ProfilePage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const core = useCore();
  const { me, retry } = useMe();
  const RecentOrders = useContext(RecentOrdersSlot);
  const fullName = me.kind === 'ok' ? `${me.user.Name ?? ''} ${me.user.Lastname ?? ''}`.trim() : '';
  return (
    <div className="space-y-4">
      <PageTitle>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      {me.kind === 'loading' && <div className="h-36 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {me.kind === 'failed' && <LoadError message={me.message || t('overview.loadFailed')} onRetry={retry} />}
      {me.kind === 'ok' && (
        <section aria-label={t('overview.heading')} className="flex flex-wrap items-center gap-4 rounded-2xl bg-white p-4 shadow-sm md:p-5" data-testid="profile-summary">
          <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <UserIcon className="h-8 w-8" />
          </span>
          <div className="min-w-0 flex-1 basis-52 space-y-1">
            <p className="break-words text-lg font-bold text-slate-900" data-testid="profile-name">
              {fullName || t('overview.noName')}
            </p>
            <p className="text-sm text-slate-600">
              {t('overview.mobile')}:{' '}
              <bdi dir="ltr" className="font-medium text-slate-900" data-testid="profile-mobile">
                {persianDigits(core, me.user.Mobile)}
              </bdi>
            </p>
            <p className="text-sm text-slate-600">
              {t('overview.place')}: <span data-testid="profile-city">{me.user.City ? [me.user.City, me.user.State].filter(Boolean).join('، ') : t('overview.notSet')}</span>
            </p>
            {me.user.Email && (
              <p className="text-sm break-words text-slate-600">
                {t('overview.email')}: <bdi dir="ltr">{me.user.Email}</bdi>
              </p>
            )}
          </div>
          <PrefetchLink to="/profile/edit" className="w-full rounded-xl border border-brand-600 px-4 py-2 text-center text-sm font-bold text-brand-700 hover:bg-brand-50 sm:w-auto">
            {fullName ? t('overview.edit') : t('overview.completeProfile')}
          </PrefetchLink>
        </section>
      )}
      <Card
        title={t('overview.recentOrders')}
        aside={
          <PrefetchLink to="/profile/factors" className={linkClass}>
            {t('overview.allOrders')}
          </PrefetchLink>
        }
      >
        {RecentOrders && <RecentOrders limit={3} />}
      </Card>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Card title={t('overview.tickets')}>
          <p className="mb-3 text-sm leading-7 text-slate-600">{t('overview.ticketsText')}</p>
          <PrefetchLink to="/profile/tickets" className={linkClass}>
            {t('overview.ticketsLink')}
          </PrefetchLink>
        </Card>
        <Card title={t('overview.messages')}>
          <p className="mb-3 text-sm leading-7 text-slate-600">{t('overview.messagesText')}</p>
          <PrefetchLink to="/profile/messages" className={linkClass}>
            {t('overview.messagesLink')}
          </PrefetchLink>
        </Card>
      </div>
      <nav aria-label={t('overview.links')} className="rounded-2xl bg-white p-4 shadow-sm md:p-5">
        <h2 className="mb-3 font-bold text-slate-900">{t('overview.links')}</h2>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="profile-links">
          {PROFILE_PAGES.map((r) => {
            const Icon = ICONS[r.name] ?? UserIcon;
            return (
              <li key={r.name}>
                <PrefetchLink to={r.path} className="flex items-center gap-2 rounded-xl bg-slate-50 px-3 py-3 text-sm text-slate-800 hover:bg-brand-50">
                  <Icon className="h-5 w-5 shrink-0 text-brand-600" />
                  <span className="min-w-0 break-words">{r.title}</span>
                </PrefetchLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
