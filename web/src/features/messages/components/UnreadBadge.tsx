import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { formatCount } from '@/shared/lib/format';
import { chatUnreadAtom } from '../stores/chat';

/** The unread count on a chat item (nothing at zero). */
export function UnreadBadge({ className = '', testId }: { className?: string; testId?: string }) {
  const { t } = useTranslation(ns);
  const n = useAtomValue(chatUnreadAtom);
  if (n <= 0) return null;
  const shown = n > 99 ? `${formatCount(99)}+` : formatCount(n);
  return (
    <span
      className={`min-w-4 rounded-full bg-accent-600 px-1 text-center text-[0.65rem] leading-4 font-bold text-white ${className}`}
      data-testid={testId}
      aria-label={t('unread', { n: formatCount(n) })}
    >
      {shown}
    </span>
  );
}
