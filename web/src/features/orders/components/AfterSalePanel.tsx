import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useCore, persianDigits } from '@/shared/core/useCore';
import { checkUpload } from '@/shared/lib/upload';
import { PrimaryButton, SelectField, TextAreaField } from '@/shared/ui/fields';
import { PART_SEPARATOR } from '@/shared/lib/format';
import { Money } from '@/shared/ui/Money';
import { MixedText } from '@/shared/ui/MixedText';
import { LoadError } from '@/shared/ui/Status';
import { toast } from '@/shared/ui/toast';
import { afterSale, buyAgain, cancelAfterSale, requestReturn, type AfterSale, type OrderReturn } from '../api/afterSale';
import { useLoad } from '../hooks/useLoad';
import { LatinCode } from '@/shared/ui/LatinCode';

/** The order's states on a line, each reached one with its Jalali date and Tehran time. */
function Timeline({ a }: { a: AfterSale }) {
  const { t } = useTranslation(ns);
  return (
    <section className="space-y-3 rounded-2xl bg-white p-4 shadow-sm md:p-6" aria-labelledby="tracking-title">
      <h2 id="tracking-title" className="font-bold">
        {t('afterSale.tracking')}
      </h2>
      {a.delivery_slot && (
        <p className="text-sm" data-testid="tracking-slot">
          {t('afterSale.slot')}: <span className="font-medium">{a.delivery_slot}</span>
        </p>
      )}
      <ol className="space-y-3 border-s-2 border-brand-200 ps-4" data-testid="tracking-steps">
        {a.steps.map((s) => (
          <li key={s.status} data-status={s.status} data-reached={s.reached} className={s.reached ? '' : 'text-slate-500'}>
            <span className={`-ms-[1.4rem] me-2 inline-block h-3 w-3 rounded-full ${s.reached ? 'bg-brand-600' : 'bg-slate-300'}`} aria-hidden />
            <span className="font-medium">{s.label}</span>
            {s.reached && <span className="ms-2 text-sm text-slate-500" data-testid="step-time">{s.at_text}</span>}
            {s.note && (
              <span className="block text-xs text-slate-500" dir="auto">
                <MixedText text={s.note} />
              </span>
            )}
          </li>
        ))}
      </ol>
      {a.shipment && (
        <p className="text-sm" data-testid="tracking-shipment">
          {t('afterSale.shippedWith', { carrier: a.shipment.carrier })} <LatinCode>{a.shipment.tracking_code}</LatinCode>
          {a.shipment.tracking_url && (
            <a href={a.shipment.tracking_url} target="_blank" rel="noopener noreferrer" className="ms-2 font-bold text-brand-700 underline" data-testid="tracking-link">
              {t('afterSale.trackLink')}
            </a>
          )}
        </p>
      )}
      {a.refund.state !== 'none' && (
        <p className="rounded-xl bg-amber-50 p-3 text-sm" data-testid="refund-state" data-state={a.refund.state}>
          {t('afterSale.refund')}: <strong>{a.refund.label}</strong>
          {a.refund.owed > 0 && (
            <span className="ms-2">
              ({t('afterSale.owed')} <Money value={a.refund.owed} />)
            </span>
          )}
        </p>
      )}
    </section>
  );
}

function ReturnCard({ r }: { r: OrderReturn }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  return (
    <li className="rounded-xl border border-slate-200 p-3 text-sm" data-testid="return-item" data-status={r.status}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold">
          {t('afterSale.returnNo', { id: persianDigits(core, r.id) })}: <span data-testid="return-status">{r.status_label}</span>
        </span>
        <span className="text-slate-500">{r.created_text}</span>
      </div>
      <p className="mt-1">
        {r.lines.map((l) => `${l.name} × ${persianDigits(core, l.num)}`).join('، ')}
      </p>
      <p className="text-slate-600">
        {r.reason_label}{PART_SEPARATOR}<Money value={r.amount} />
      </p>
      {r.reject_reason && <p className="text-red-700">{t('afterSale.rejectedBecause', { reason: r.reject_reason })}</p>}
      <ol className="mt-2 flex flex-wrap gap-2 text-xs text-slate-600">
        {r.timeline.map((s, i) => (
          <li key={i} className="rounded-full bg-slate-100 px-2 py-1">
            {s.label}{PART_SEPARATOR}{s.at_text}
          </li>
        ))}
      </ol>
    </li>
  );
}

/** The return request: lines with a quantity each, a reason from core's list, a description and up to 3 photos. */
function ReturnForm({ a, onDone }: { a: AfterSale; onDone: (next: AfterSale) => void }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const lines = a.lines.filter((l) => l.returnable);
  const [nums, setNums] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const labels = Object.fromEntries(a.reasons.map((r) => [r.code, r.label]));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const asked = Object.entries(nums)
      .filter(([, n]) => n > 0)
      .map(([id, n]) => ({ line_id: Number(id), num: n }));
    const next: Record<string, string> = {};
    if (core) {
      const held = a.lines.map((l) => ({ line_id: l.id, bought: l.num, taken: l.returned }));
      const out = core.returnRequest({ lines: asked, reason, description, photos: photos.length, held });
      if ('err' in out && out.err) next.form = out.err;
      for (const f of photos) {
        const m = await checkUpload(core, t('afterSale.photos'), f);
        if (m) next.photos = m;
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    const out = await requestReturn({ code: a.code, lines: asked, reason, description, photos });
    setBusy(false);
    if (!out.ok) {
      setErrors({ [out.field ?? 'form']: out.message ?? t('afterSale.failed') });
      return;
    }
    toast.success(t('afterSale.returnSent'));
    onDone(out.data);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3" data-testid="return-form" aria-labelledby="return-form-title">
      <h3 id="return-form-title" className="font-bold">
        {t('afterSale.returnTitle')}
      </h3>
      <ul className="space-y-2">
        {lines.map((l) => (
          <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span>
              <MixedText text={l.name} />
              <span className="block text-xs text-slate-500">{t('afterSale.until', { day: l.last_day })}</span>
            </span>
            <label className="flex items-center gap-2">
              <span>{t('afterSale.quantity')}</span>
              <select
                className="rounded-lg border border-slate-300 px-2 py-1"
                value={nums[l.id] ?? 0}
                onChange={(e) => setNums((n) => ({ ...n, [l.id]: Number(e.target.value) }))}
                data-testid="return-qty"
              >
                {Array.from({ length: l.num - l.returned + 1 }, (_, i) => (
                  <option key={i} value={i}>
                    {persianDigits(core, i)}
                  </option>
                ))}
              </select>
            </label>
          </li>
        ))}
      </ul>
      {(errors.lines || errors.form) && <p className="text-sm text-red-600" role="alert">{errors.lines ?? errors.form}</p>}
      <SelectField
        label={t('afterSale.reason')}
        placeholder={t('afterSale.chooseReason')}
        options={a.reasons.map((r) => r.code)}
        optionLabel={(c) => labels[c] ?? c}
        value={reason}
        error={errors.reason}
        onChange={(e) => setReason(e.target.value)}
        name="reason"
      />
      <TextAreaField
        label={t('afterSale.description')}
        maxLength={a.description_max}
        value={description}
        error={errors.description}
        onChange={(e) => setDescription(e.target.value)}
        name="description"
      />
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor="return-photos" className="font-medium text-slate-700">
          {t('afterSale.photos')} ({t('afterSale.photosHint', { n: persianDigits(core, a.max_photos) })})
        </label>
        <input
          id="return-photos"
          type="file"
          multiple
          accept=".jpg,.jpeg,.png,.webp"
          onChange={(e) => setPhotos(Array.from(e.target.files ?? []))}
          data-testid="return-photos"
        />
        {errors.photos && <p className="text-red-600">{errors.photos}</p>}
      </div>
      <PrimaryButton type="submit" disabled={busy} data-testid="return-submit">
        {t('afterSale.sendReturn')}
      </PrimaryButton>
    </form>
  );
}

/** After the sale on the order page: tracking, cancelling, returns and buying again. */
export function AfterSalePanel({ code, onChanged }: { code: string; onChanged: () => void }) {
  const { t } = useTranslation(ns);
  const navigate = useNavigate();
  const [state, retry] = useLoad(`after-sale:${code}`, () => afterSale(code));
  const [fresh, setFresh] = useState<AfterSale | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (state.kind === 'loading') return <div className="h-32 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />;
  if (state.kind === 'failed') return <LoadError message={state.message} onRetry={retry} />;
  const a = fresh ?? state.data;
  const update = (next: AfterSale) => {
    setFresh(next);
    onChanged();
  };

  const cancel = async () => {
    if (!window.confirm(a.cancel_refunds ? t('afterSale.confirmCancelPaid') : t('afterSale.confirmCancel'))) return;
    setBusy(true);
    const out = await cancelAfterSale(a.code);
    setBusy(false);
    if (!out.ok) {
      toast.error(out.message ?? t('afterSale.failed'));
      retry();
      return;
    }
    toast.success(t('afterSale.cancelled'));
    update(out.data);
  };

  const again = async () => {
    setBusy(true);
    const out = await buyAgain(a.code);
    setBusy(false);
    if (!out.ok) {
      toast.error(out.message ?? t('afterSale.failed'));
      return;
    }
    for (const l of out.data.filter((x) => !x.added)) toast.error(l.message);
    if (out.data.some((x) => x.added)) navigate('/cart');
  };

  return (
    <div className="space-y-4" data-print="hide" data-testid="after-sale">
      <Timeline a={a} />
      <section className="space-y-3 rounded-2xl bg-white p-4 shadow-sm md:p-6">
        <div className="flex flex-wrap gap-3">
          {a.can_cancel && (
            <button
              type="button"
              disabled={busy}
              onClick={() => void cancel()}
              className="rounded-xl border border-red-300 px-5 py-2.5 text-sm font-bold text-red-700 hover:bg-red-50"
              data-testid="cancel-order"
            >
              {t('afterSale.cancel')}
            </button>
          )}
          {a.can_return && !asking && (
            <button type="button" onClick={() => setAsking(true)} className="rounded-xl bg-slate-100 px-5 py-2.5 text-sm font-bold" data-testid="ask-return">
              {t('afterSale.askReturn')}
            </button>
          )}
          <button type="button" disabled={busy} onClick={() => void again()} className="rounded-xl bg-slate-100 px-5 py-2.5 text-sm font-bold" data-testid="buy-again">
            {t('afterSale.buyAgain')}
          </button>
        </div>
        {a.cancel_refunds && <p className="text-xs text-slate-500">{t('afterSale.cancelPaidHint')}</p>}
        {asking && a.can_return && (
          <ReturnForm
            a={a}
            onDone={(next) => {
              setAsking(false);
              update(next);
            }}
          />
        )}
        {a.returns.length > 0 && (
          <div>
            <h3 className="mb-2 font-bold">{t('afterSale.returns')}</h3>
            <ul className="space-y-2" data-testid="returns">
              {a.returns.map((r) => (
                <ReturnCard key={r.id} r={r} />
              ))}
            </ul>
          </div>
        )}
      </section>
    </div>
  );
}
