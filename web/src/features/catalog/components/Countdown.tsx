import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { formatCount, formatTwoDigits } from '@/shared/lib/format';


/** Remaining time until `endsAt` as days, hours, minutes, seconds (all ≥ 0). */
export function remaining(endsAt: number, now: number) {
  const total = Math.max(0, Math.floor((endsAt - now) / 1000));
  return {
    total,
    d: Math.floor(total / 86400),
    h: Math.floor((total % 86400) / 3600),
    m: Math.floor((total % 3600) / 60),
    s: total % 60,
  };
}

/** A special offer's countdown, ticking every second, in Persian digits. */
export function Countdown({ endsAt, className = '' }: { endsAt: string; className?: string }) {
  const { t } = useTranslation(ns);
  const end = Date.parse(endsAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!Number.isFinite(end)) return;
    const id = window.setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= end) window.clearInterval(id);
    }, 1000);
    return () => window.clearInterval(id);
  }, [end]);
  if (!Number.isFinite(end)) return null;
  const r = remaining(end, now);
  const text =
    r.total === 0
      ? t('offerEnded')
      : r.d > 0
        ? t('countdown', { d: formatCount(r.d), h: formatTwoDigits(r.h), m: formatTwoDigits(r.m), s: formatTwoDigits(r.s) })
        : t('countdownShort', { h: formatTwoDigits(r.h), m: formatTwoDigits(r.m), s: formatTwoDigits(r.s) });
  return (
    <span className={`inline-flex items-center gap-1 text-xs font-bold ${className}`} data-testid="countdown">
      <span className="sr-only">{t('endsIn')}</span>
      <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="12" cy="13" r="8" />
        <path d="M12 9v4l2.5 2M9 3h6" />
      </svg>
      <time dateTime={endsAt} className="tabular-nums">
        {text}
      </time>
    </span>
  );
}
