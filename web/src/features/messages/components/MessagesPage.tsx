import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { PageTitle } from '@/shared/ui/PageTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { chatAtom } from '../stores/chat';
import { ChatThread } from './ChatThread';

/** /profile/messages: the customer's live chat with the shop. */
export default function MessagesPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const staff = useAtomValue(chatAtom).staff;
  return (
    <section aria-labelledby="page-title" className="flex flex-col">
      <PageTitle>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      {staff ? (
        <p className="rounded-2xl bg-white p-4 text-sm shadow-sm">
          {t('staffOnMessages')}{' '}
          <PrefetchLink to="/admin/chats" className="font-bold text-brand-700 underline">
            {t('staff.link')}
          </PrefetchLink>
        </p>
      ) : (
        <div className="rounded-2xl bg-white p-3 shadow-sm sm:p-4">
          <p className="mb-3 text-sm text-slate-600">{t('intro')}</p>
          <ChatThread className="h-[65vh] min-h-[22rem]" />
        </div>
      )}
    </section>
  );
}
