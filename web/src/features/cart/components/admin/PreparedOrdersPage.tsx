import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ns } from './i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatCount, formatDigits, joinParts } from '@/shared/lib/format';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PrimaryButton, TextField } from '@/shared/ui/fields';
import { DocIcon } from '@/shared/ui/Icons';
import { Money } from '@/shared/ui/Money';
import { PageTitle } from '@/shared/ui/PageTitle';
import { Pagination } from '@/shared/ui/Pagination';
import { LoadError } from '@/shared/ui/Status';
import { createPrepared, findVariants, preparedList, type PreparedCreated, type PreparedListed, type VariantHit } from '../../api/preparedAdmin';
import { CopyLink } from './CopyLink';

type Line = { hit: VariantHit; num: string };
type Field = 'mobile' | 'hours' | 'note' | 'lines';

const STATE_STYLE: Record<string, string> = {
  open: 'bg-sky-50 text-sky-900',
  adopted: 'bg-amber-50 text-amber-900',
  paid: 'bg-emerald-50 text-emerald-900',
  expired: 'bg-slate-100 text-slate-700',
};

/** Digits typed in any digit set, as a whole number; 0 (which the server refuses with its own message) when not one. */
function wholeNumber(text: string): number {
  const ascii = text.trim().replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)).replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  return /^\d+$/.test(ascii) ? Number(ascii) : 0;
}

function Builder({ onCreated }: { onCreated: (c: PreparedCreated) => void }) {
  const { t } = useTranslation(ns);
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<VariantHit[] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [form, setForm] = useState({ mobile: '', hours: '72', note: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const search = async (e: FormEvent) => {
    e.preventDefault();
    const out = await findVariants(q);
    if (!out.ok) {
      setSearchError(out.message ?? t('serverError'));
      return;
    }
    setSearchError(null);
    setHits(out.data);
  };
  const add = (hit: VariantHit) => setLines((cur) => (cur.some((l) => l.hit.variant_id === hit.variant_id) ? cur : [...cur, { hit, num: '1' }]));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const out = await createPrepared({
      mobile: form.mobile,
      hours: wholeNumber(form.hours),
      note: form.note,
      lines: lines.map((l) => ({ variant_id: l.hit.variant_id, num: wholeNumber(l.num) })),
    });
    setBusy(false);
    if (!out.ok) {
      const field: Field = out.field === 'mobile' || out.field === 'hours' || out.field === 'note' ? out.field : 'lines';
      setErrors({ [field]: out.message ?? t('serverError') });
      return;
    }
    setErrors({});
    setLines([]);
    setHits(null);
    setQ('');
    setForm({ mobile: '', hours: '72', note: '' });
    onCreated(out.data);
  };

  return (
    <div className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm">
      <h2 className="font-bold text-slate-800">{t('build')}</h2>
      <form onSubmit={(e) => void search(e)} className="flex flex-wrap items-end gap-2" role="search" aria-label={t('search')}>
        <TextField name="variant-search" label={t('search')} hint={t('searchHint')} value={q} error={searchError} onChange={(e) => setQ(e.target.value)} className="min-w-0 flex-1" />
        <button type="submit" className="mb-6 rounded-xl border border-brand-700 px-4 py-3 text-sm font-medium text-brand-800" data-testid="variant-find">
          {t('find')}
        </button>
      </form>
      {hits !== null && hits.length === 0 && <p className="text-sm text-slate-700">{t('noHits')}</p>}
      {hits !== null && hits.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={t('hits')} data-testid="variant-hits">
          {hits.map((h) => {
            const chosen = lines.some((l) => l.hit.variant_id === h.variant_id);
            return (
              <li key={h.variant_id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 p-3 text-sm" data-testid="variant-hit">
                <div className="min-w-0">
                  <p className="font-medium text-slate-800">{h.name}</p>
                  <p className="text-slate-600">
                    {joinParts([h.model && formatDigits(h.model), h.color, h.warranty_name, t('stock', { n: formatCount(h.stock) })])}
                  </p>
                  <p className="text-slate-800">
                    <Money value={h.price} />
                    {h.price_garanti > 0 && (
                      <span className="ms-2 text-slate-600">
                        (+ <Money value={h.price_garanti} />)
                      </span>
                    )}
                  </p>
                </div>
                <button
                  type="button"
                  disabled={chosen}
                  onClick={() => add(h)}
                  className="rounded-xl border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-100 disabled:text-slate-700"
                  data-testid="variant-add"
                >
                  {chosen ? t('added') : t('add')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3" aria-labelledby="prepared-lines-title">
        <h3 id="prepared-lines-title" className="text-sm font-bold text-slate-800">
          {t('lines')}
        </h3>
        {lines.length === 0 && <p className="text-sm text-slate-700">{t('noLines')}</p>}
        {lines.length > 0 && (
          <ul className="flex flex-col gap-2" data-testid="prepared-lines">
            {lines.map((l) => (
              <li key={l.hit.variant_id} className="flex flex-wrap items-end gap-2 rounded-xl bg-slate-50 p-2 text-sm">
                <p className="min-w-0 flex-1 pb-3 text-slate-800">{joinParts([l.hit.name, l.hit.color, l.hit.warranty_name])}</p>
                <TextField
                  label={t('quantity', { name: l.hit.name })}
                  inputMode="numeric"
                  dir="ltr"
                  value={l.num}
                  onChange={(e) => setLines((cur) => cur.map((x) => (x.hit.variant_id === l.hit.variant_id ? { ...x, num: e.target.value } : x)))}
                  className="w-28 [&>label]:sr-only"
                  data-testid="line-quantity"
                />
                <button
                  type="button"
                  onClick={() => setLines((cur) => cur.filter((x) => x.hit.variant_id !== l.hit.variant_id))}
                  className="mb-1 rounded-xl border border-red-300 px-3 py-2 text-red-700"
                >
                  {t('remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
        {errors.lines && (
          <p role="alert" className="text-sm text-red-700">
            {errors.lines}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField name="prepared-mobile" label={t('mobile')} hint={t('mobileHint')} inputMode="tel" dir="ltr" autoComplete="off" value={form.mobile} error={errors.mobile} onChange={(e) => setForm({ ...form, mobile: e.target.value })} />
          <TextField name="prepared-hours" label={t('hours')} inputMode="numeric" dir="ltr" value={form.hours} error={errors.hours} onChange={(e) => setForm({ ...form, hours: e.target.value })} />
          <TextField name="prepared-note" label={t('note')} value={form.note} error={errors.note} onChange={(e) => setForm({ ...form, note: e.target.value })} />
        </div>
        <div>
          <PrimaryButton type="submit" disabled={busy || lines.length === 0} data-testid="prepared-create">
            {t('create')}
          </PrimaryButton>
        </div>
      </form>
    </div>
  );
}

function Listed({ p }: { p: PreparedListed }) {
  const { t } = useTranslation(ns);
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm" data-testid="prepared-item" data-state={p.state}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-bold text-slate-800">{joinParts(p.lines.map((l) => `${l.name} (${t('items', { n: formatCount(l.num) })})`))}</p>
        <span className={`rounded-full px-3 py-1 text-xs font-bold ${STATE_STYLE[p.state] ?? ''}`}>{p.state_text}</span>
      </div>
      <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-700">
        <li>{p.mobile ? t('forMobile', { mobile: formatDigits(p.mobile) }) : t('anyone')}</li>
        <li>{t('createdAt', { at: p.created_text })}</li>
        <li>{t('expires', { at: p.expires_text })}</li>
        {p.adopted_mobile && <li>{t('adoptedBy', { mobile: formatDigits(p.adopted_mobile), at: p.adopted_text })}</li>}
        {p.paid_order && <li>{t('paidOrder', { code: formatDigits(p.paid_order) })}</li>}
        {p.note && <li className="text-slate-800">{p.note}</li>}
      </ul>
    </li>
  );
}

/** /admin/prepared-orders: staff build a prepared order, copy its `/order/{code}` link, and see every link's state. */
export default function PreparedOrdersPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [round, setRound] = useState(0);
  const [created, setCreated] = useState<PreparedCreated | null>(null);
  const [state, retry] = useLoad(`prepared-${page}-${round}`, () => preparedList(page));
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <PageTitle>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      <Builder
        onCreated={(c) => {
          setCreated(c);
          setRound((n) => n + 1);
        }}
      />
      {created && (
        <div className="flex flex-col gap-2 rounded-2xl border border-emerald-300 bg-emerald-50 p-4" data-testid="prepared-created">
          <p className="font-bold text-emerald-900">{t('created')}</p>
          <p className="text-sm text-slate-800">{t('linkOnce')}</p>
          <CopyLink link={created.link} />
          <p className="text-sm text-slate-700">{t('expires', { at: created.expires_text })}</p>
        </div>
      )}
      <h2 className="font-bold text-slate-800">
        {t('list')}
        {state.kind === 'ok' && <span className="ms-2 text-sm font-normal text-slate-600">({t('count', { n: formatCount(state.data.total) })})</span>}
      </h2>
      {state.kind === 'loading' && <div className="h-32 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {state.kind === 'failed' && <LoadError message={state.message} onRetry={retry} />}
      {state.kind === 'ok' && state.data.items.length === 0 && <EmptyState icon={<DocIcon />} message={t('empty')} />}
      {state.kind === 'ok' && state.data.items.length > 0 && (
        <ul className="flex flex-col gap-3" data-testid="prepared-list">
          {state.data.items.map((p) => (
            <Listed key={p.id} p={p} />
          ))}
        </ul>
      )}
      {state.kind === 'ok' && state.data.total > state.data.perPage && <Pagination page={page} pages={Math.ceil(state.data.total / state.data.perPage)} />}
    </section>
  );
}
