import { useTranslation } from 'react-i18next';
import { ns } from './i18n';
import { formatCount } from '@/shared/lib/format';
import { TextField } from '@/shared/ui/fields';
import type { AdminOrder } from '../../api/admin';

/** What the ship form holds per line: one serial per unit, in unit order. */
export type SerialsByLine = Record<number, string[]>;

/** Every line's serial inputs, one per unit; `errors` by `<line id>-<unit index>`. */
export function ShipSerials({ o, value, errors, onChange }: { o: AdminOrder; value: SerialsByLine; errors: Record<string, string>; onChange: (v: SerialsByLine) => void }) {
  const { t } = useTranslation(ns);
  return (
    <fieldset className="grid gap-3 sm:col-span-3 sm:grid-cols-2" data-testid="ship-serials">
      <legend className="mb-1 text-sm font-bold text-slate-800">{t('order.serials')}</legend>
      {o.lines.flatMap((l) =>
        Array.from({ length: Math.max(0, l.num) }, (_, i) => (
          <TextField
            key={`${l.id}-${i}`}
            label={t('order.serialOf', { name: l.name, n: formatCount(i + 1) })}
            dir="ltr"
            autoComplete="off"
            maxLength={40}
            name={`serial-${l.id}-${i}`}
            value={value[l.id]?.[i] ?? ''}
            error={errors[`${l.id}-${i}`]}
            onChange={(e) => {
              const list = Array.from({ length: l.num }, (_, k) => value[l.id]?.[k] ?? '');
              list[i] = e.target.value;
              onChange({ ...value, [l.id]: list });
            }}
          />
        )),
      )}
    </fieldset>
  );
}
