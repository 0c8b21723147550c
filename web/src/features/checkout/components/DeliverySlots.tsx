import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { persianDigits, useCore } from '@/shared/core/useCore';
import { deliverySlots, type DeliverySlot } from '../api/checkout';

/**
 * The delivery slots offered for the chosen address's city, as a radio group: «هر زمان» (no
 * slot: a slot is optional) and each slot with its Persian label (Jalali day, window) and the
 * places left. Nothing is drawn when the city has none. `version` asks again (after the server
 * refused the chosen slot at registration).
 */
export function DeliverySlots(props: { city: string | null; slotId: number | null; onSlot: (id: number | null) => void; version: number; error: string | null }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const { city, slotId, onSlot, version, error } = props;
  const [slots, setSlots] = useState<DeliverySlot[]>([]);

  useEffect(() => {
    let alive = true;
    setSlots([]);
    if (!city) return;
    void deliverySlots(city).then((out) => {
      if (alive && out.ok) setSlots(out.data ?? []);
    });
    return () => {
      alive = false;
    };
  }, [city, version]);

  if (slots.length === 0) return null;
  const box = (on: boolean) => `flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm ${on ? 'border-brand-500 bg-brand-50' : 'border-slate-200'}`;
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm md:p-5" data-testid="delivery-slots">
      <fieldset>
        <legend className="mb-1 font-bold text-slate-900">{t('slots.title')}</legend>
        <p className="mb-3 text-xs leading-6 text-slate-600">{t('slots.hint')}</p>
        <ul className="grid gap-2 sm:grid-cols-2">
          <li>
            <label className={box(slotId === null)}>
              <input type="radio" name="slot" checked={slotId === null} onChange={() => onSlot(null)} className="mt-1" />
              <span>{t('slots.none')}</span>
            </label>
          </li>
          {slots.map((s) => (
            <li key={s.Id}>
              <label className={box(s.Id === slotId)}>
                <input type="radio" name="slot" checked={s.Id === slotId} onChange={() => onSlot(s.Id)} className="mt-1" />
                <span className="min-w-0 flex-1 break-words">
                  <span className="block font-medium leading-6">{s.Label}</span>
                  <span className="block text-xs leading-6 text-slate-600">{t('slots.left', { n: persianDigits(core, String(s.Left)) })}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {error && (
          <p role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-700" data-testid="slot-error">
            {error}
          </p>
        )}
      </fieldset>
    </section>
  );
}
