import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { PageTitle } from '@/shared/ui/PageTitle';
import { LoadError } from '@/shared/ui/Status';
import { useMe } from '../hooks/useMe';
import { MobileChange } from './MobileChange';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

/** `/profile/edit`: the customer's fields, the mobile number (by code) and the password. */
export default function ProfileEditPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const { me, saved, retry } = useMe();
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <PageTitle>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      {me.kind === 'loading' && <div className="h-96 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {me.kind === 'failed' && <LoadError message={me.message || t('overview.loadFailed')} onRetry={retry} />}
      {me.kind === 'ok' && (
        <>
          <ProfileForm key={me.user.Uid} user={me.user} onSaved={saved} />
          <MobileChange user={me.user} onChanged={saved} />
          <PasswordForm />
        </>
      )}
    </section>
  );
}
