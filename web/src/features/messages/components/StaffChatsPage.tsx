import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useSearchParams } from 'react-router';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { persianDigits, useCore } from '@/shared/core/useCore';
import { formatCount } from '@/shared/lib/format';
import { sessionAtom } from '@/shared/session/session';
import { PageTitle } from '@/shared/ui/PageTitle';
import { chatAtom } from '../stores/chat';
import { ChatThread } from './ChatThread';

/** The user `Type` of shop staff (the server decides; this only hides what it would refuse). */
const STAFF_TYPE = 2;

/**
 * /admin/chats: every customer conversation, most recent first, and the one picked (`?c=id`)
 * to answer live. Below lg the list and the conversation take turns.
 */
export default function StaffChatsPage() {
  const { t } = useTranslation(ns);
  const core = useCore();
  const route = useRouteInfo();
  const chat = useAtomValue(chatAtom);
  const user = useAtomValue(sessionAtom).user;
  const [params, setParams] = useSearchParams();
  const picked = Number(params.get('c')) || null;
  const staff = chat.staff || user?.Type === STAFF_TYPE;

  if (!staff) {
    return (
      <section aria-labelledby="page-title">
        <PageTitle>
          <span id="page-title">{route.title}</span>
        </PageTitle>
        <p className="rounded-2xl bg-white p-4 text-sm text-red-700 shadow-sm" role="alert">
          {t('staffOnly')}
        </p>
      </section>
    );
  }

  const pick = (id: number | null) => setParams(id ? { c: String(id) } : {}, { replace: false });
  const entry = chat.inbox?.find((e) => e.conversation === picked);

  return (
    <section aria-labelledby="page-title">
      <PageTitle>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
        <nav aria-label={t('staff.inbox')} className={`${picked ? 'hidden lg:block' : ''} min-w-0`}>
          {chat.inbox === null && <div className="h-40 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
          {chat.inbox?.length === 0 && <p className="rounded-2xl bg-white p-4 text-sm text-slate-600 shadow-sm">{t('staff.empty')}</p>}
          {chat.inbox && chat.inbox.length > 0 && (
            <ul className="space-y-2" data-testid="chat-inbox">
              {chat.inbox.map((e) => (
                <li key={e.conversation}>
                  <button
                    type="button"
                    onClick={() => pick(e.conversation)}
                    aria-current={e.conversation === picked ? 'true' : undefined}
                    className={`block w-full min-w-0 rounded-2xl p-3 text-start shadow-sm transition ${
                      e.conversation === picked ? 'bg-brand-50 ring-2 ring-brand-300' : 'bg-white hover:bg-slate-50'
                    }`}
                    data-testid="chat-inbox-item"
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate font-bold">{e.customer_name || t('staff.noName')}</span>
                      {e.unread > 0 && (
                        <span className="shrink-0 rounded-full bg-accent-600 px-2 text-xs leading-5 font-bold text-white" data-testid="chat-inbox-unread">
                          {t('staff.unread', { n: formatCount(e.unread) })}
                        </span>
                      )}
                    </span>
                    <span className="block text-xs text-slate-500" dir="ltr">
                      {persianDigits(core, e.customer_mobile)}
                    </span>
                    <span className="mt-1 block truncate text-sm text-slate-700">
                      {e.last_from_staff ? t('staff.youPrefix') : ''}
                      {e.last_text}
                    </span>
                    <span className="block text-[0.7rem] text-slate-500">{e.last_at_text}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <div className={`${picked ? '' : 'hidden lg:block'} min-w-0 rounded-2xl bg-white p-3 shadow-sm`}>
          {picked ? (
            <>
              <div className="mb-2 flex items-center justify-between gap-2">
                <h2 className="truncate font-bold">
                  {entry?.customer_name || t('staff.noName')}{' '}
                  <span className="text-sm font-normal text-slate-500" dir="ltr">
                    {entry ? persianDigits(core, entry.customer_mobile) : ''}
                  </span>
                </h2>
                <button type="button" className="text-sm text-brand-700 underline lg:hidden" onClick={() => pick(null)}>
                  {t('staff.back')}
                </button>
              </div>
              <ChatThread key={picked} conversation={picked} className="h-[60vh] min-h-[20rem]" />
            </>
          ) : (
            <p className="p-6 text-center text-sm text-slate-500">{t('staff.pick')}</p>
          )}
        </div>
      </div>
    </section>
  );
}
