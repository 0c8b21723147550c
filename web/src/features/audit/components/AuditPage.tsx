import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { AdminList, FilterForm } from '@/shared/admin/AdminList';
import { pageOf, useUrlFilters } from '@/shared/admin/useUrlFilters';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatCount, formatDigits } from '@/shared/lib/format';
import { SelectField, TextField } from '@/shared/ui/fields';
import { DocIcon } from '@/shared/ui/Icons';
import { auditList, type AuditEntry, type AuditFilter } from '../api/audit';

const ENTITIES = ['order', 'user', 'payment', 'instalment', 'prepared_order', 'product', 'variant', 'discount', 'settings', 'ticket'];
const FIELDS = ['staff', 'entity', 'id', 'from', 'to'] as const;

/** The filter the URL holds (`?staff=3&entity=order&from=1405/09/01&page=2`). */
function filterOf(params: URLSearchParams): AuditFilter {
  const staff = Number(params.get('staff'));
  return {
    staff_id: params.get('staff') !== null && Number.isInteger(staff) && staff >= 0 ? staff : undefined,
    entity: params.get('entity') ?? undefined,
    entity_id: params.get('id') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    page: pageOf(params),
  };
}

/** A JSON value of the log, pretty-printed (left to right: it is data, not prose). */
function Json({ text, label }: { text: string | null | undefined; label: string }) {
  if (!text) return <span className="text-slate-600">—</span>;
  let shown = text;
  try {
    shown = JSON.stringify(JSON.parse(text), null, 1);
  } catch {
    // shown as stored
  }
  return (
    // Focusable: a long value scrolls, and a keyboard must reach it.
    <pre dir="ltr" tabIndex={0} aria-label={label} className="max-h-40 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-slate-50 p-2 text-start text-xs text-slate-700">
      {shown}
    </pre>
  );
}

function Row({ e }: { e: AuditEntry }) {
  const { t } = useTranslation(ns);
  const who = e.staff_id === 0 ? t('cli') : formatDigits(e.staff_mobile);
  return (
    <li className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm" data-testid="audit-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-bold text-slate-800">
          <bdi dir="ltr">{e.action}</bdi>
          <span className="ms-2 text-sm font-normal text-slate-600">
            {t(`entities.${e.entity}`, { defaultValue: e.entity })} <bdi>{formatDigits(e.entity_id)}</bdi>
          </span>
        </p>
        <p className="text-sm text-slate-600">{e.at_text}</p>
      </div>
      <dl className="grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-600">{t('who')}: </dt>
          <dd className="inline">
            <bdi>{who}</bdi>
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600">{t('where')}: </dt>
          <dd className="inline">
            <bdi dir="ltr">{e.ip}</bdi>
          </dd>
        </div>
      </dl>
      <div className="grid gap-2 sm:grid-cols-2">
        <div>
          <p className="mb-1 text-xs text-slate-600">{t('before')}</p>
          <Json text={e.before} label={t('before')} />
        </div>
        <div>
          <p className="mb-1 text-xs text-slate-600">{t('after')}</p>
          <Json text={e.after} label={t('after')} />
        </div>
      </div>
    </li>
  );
}

/** /admin/audit: every staff change, newest first, filtered by staff member, entity and Jalali days. */
export default function AuditPage() {
  const { t } = useTranslation(ns);
  const f = useUrlFilters(FIELDS);
  const filter = filterOf(f.params);
  const [state, retry] = useLoad(`audit-${f.params.toString()}`, () => auditList(filter));
  return (
    <AdminList
      state={state}
      retry={retry}
      rows={(d) => d.entries}
      count={(d) => t('total', { n: formatCount(d.total) })}
      paging={(d) => d}
      page={filter.page}
      empty={{ icon: <DocIcon />, message: t('empty') }}
      listTestId="audit-list"
      renderRow={(e) => <Row key={e.id} e={e} />}
      filters={
        <FilterForm label={t('filters')} onApply={f.apply} onClear={f.clear} applyText={t('apply')} clearText={t('clear')}>
          <TextField label={t('staff')} inputMode="numeric" dir="ltr" value={f.draft.staff} onChange={f.set('staff')} />
          <SelectField label={t('entity')} placeholder={t('entityAll')} options={ENTITIES} optionLabel={(x) => t(`entities.${x}`)} value={f.draft.entity} onChange={f.set('entity')} />
          <TextField label={t('entityId')} dir="ltr" value={f.draft.id} onChange={f.set('id')} />
          <TextField label={t('from')} hint={t('dateHint')} dir="ltr" value={f.draft.from} onChange={f.set('from')} />
          <TextField label={t('to')} hint={t('dateHint')} dir="ltr" value={f.draft.to} onChange={f.set('to')} />
        </FilterForm>
      }
    />
  );
}
