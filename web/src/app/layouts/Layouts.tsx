import { useTranslation } from 'react-i18next';
import { AnimatedOutlet } from '@/app/PageTransition';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { Footer } from './Footer';
import { Header } from './Header';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2"
    >
      {t('app.skipToContent')}
    </a>
  );
}

/** default: header (logo, search, nav, cart/profile) + page + footer. */
export function DefaultLayout() {
  return (
    <div className="flex min-h-dvh flex-col" data-layout="default">
      <SkipLink />
      <Header />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <AnimatedOutlet />
      </main>
      <Footer />
    </div>
  );
}

/** home: like default, with full-width sections. */
export function HomeLayout() {
  return (
    <div className="flex min-h-dvh flex-col" data-layout="home">
      <SkipLink />
      <Header />
      <main id="main" className="flex-1">
        <AnimatedOutlet />
      </main>
      <Footer />
    </div>
  );
}

/** profile-no-side: header and the page, no side menu. */
export function ProfileNoSideLayout() {
  return (
    <div className="flex min-h-dvh flex-col" data-layout="profile-no-side">
      <SkipLink />
      <Header />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">
        <AnimatedOutlet />
      </main>
      <Footer />
    </div>
  );
}

/** restricted (/login): no header or footer, the page centred (the page draws its card). */
export function RestrictedLayout() {
  const { t } = useTranslation();
  return (
    <div
      className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10"
      data-layout="restricted"
    >
      <main id="main" className="w-full max-w-md">
        <AnimatedOutlet />
      </main>
      <footer>
        <PrefetchLink to="/" className="text-sm text-slate-600 hover:text-brand-700 hover:underline">
          {t('notFound.backHome')}
        </PrefetchLink>
      </footer>
    </div>
  );
}
