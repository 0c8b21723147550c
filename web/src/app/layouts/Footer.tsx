import { useTranslation } from 'react-i18next';
import { Logo } from '@/shared/ui/Logo';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';

const COLUMNS = [
  {
    title: 'footer.shopTitle',
    links: [
      { to: '/shop', key: 'nav.shop' },
      { to: '/categories', key: 'nav.categories' },
      { to: '/specials', key: 'nav.specials' },
    ],
  },
  {
    title: 'footer.helpTitle',
    links: [
      { to: '/common-questions', key: 'nav.commonQuestions' },
      { to: '/terms-of-use', key: 'nav.termsOfUse' },
      { to: '/privacy-policy', key: 'nav.privacyPolicy' },
    ],
  },
  {
    title: 'footer.companyTitle',
    links: [
      { to: '/about-us', key: 'nav.aboutUs' },
      { to: '/contact-us', key: 'nav.contactUs' },
      { to: '/blogs', key: 'nav.blogs' },
    ],
  },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-4">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm leading-7 text-slate-600">{t('footer.about')}</p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={t(col.title)}>
            <h2 className="mb-3 text-sm font-bold text-slate-900">{t(col.title)}</h2>
            <ul className="space-y-2">
              {col.links.map((l) => (
                <li key={l.to}>
                  <PrefetchLink to={l.to} className="text-sm text-slate-600 hover:text-brand-700">
                    {t(l.key)}
                  </PrefetchLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-100 px-4 py-4 text-center text-xs text-slate-600">{t('footer.rights')}</p>
    </footer>
  );
}
