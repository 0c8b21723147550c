import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ns } from '../../i18n';
import { loadCore, type FormErrors } from '@/shared/core';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatPlain } from '@/shared/lib/format';
import { adminPath } from '@/shared/routes/adminRouteTable';
import { PrimaryButton, SelectField, TextAreaField, TextField } from '@/shared/ui/fields';
import { PageTitle } from '@/shared/ui/PageTitle';
import { LoadError } from '@/shared/ui/Status';
import { toast } from '@/shared/ui/toast';
import {
  categoryList,
  productCreate,
  productGet,
  productPublish,
  productUpdate,
  variantAdd,
  variantRemove,
  variantUpdate,
  type AdminCategory,
  type AdminProduct,
  type ProductForm,
  type VariantForm,
} from '../../api/catalogAdmin';
import type { CallOutcome } from '@/shared/api/outcome';
import {
  checkProduct,
  checkVariants,
  clean,
  CONDITIONS,
  emptyProduct,
  emptyVariant,
  GRADES,
  isUsed,
  LINES,
  placeServerError,
  STORAGE_TYPES,
} from './productForm';

/** A variant row: saved ones carry their id and version. */
interface Row {
  key: string;
  id?: number;
  version?: number;
  form: VariantForm;
}

/** Moves focus to the first field marked invalid (after React has drawn the errors). */
function focusFirstInvalid() {
  window.setTimeout(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}

let rowSeq = 0;
const newRow = (form: VariantForm = emptyVariant()): Row => ({ key: `new-${++rowSeq}`, form });
const rowsOf = (p: AdminProduct): Row[] => p.variants.map((v) => ({ key: `v-${v.id}`, id: v.id, version: v.version, form: { ...v.form } }));

function Card({ title, children, testId, hint }: { title: string; children: ReactNode; testId?: string; hint?: string }) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm" data-testid={testId}>
      <h2 className="font-bold text-slate-800">{title}</h2>
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </section>
  );
}

/** The category's name with its parents' («لپ‌تاپ › گیمینگ»). */
function categoryPath(all: AdminCategory[], id: number): string {
  const byId = new Map(all.map((c) => [c.id, c]));
  const names: string[] = [];
  let cur = byId.get(id);
  for (let guard = 0; cur && guard < 16; guard++) {
    names.unshift(cur.form.name);
    cur = cur.parent_id != null ? byId.get(cur.parent_id) : undefined;
  }
  return names.join(' › ');
}

function Editor({ initial, onReload }: { initial: AdminProduct | null; onReload: () => void }) {
  const { t } = useTranslation(ns);
  const navigate = useNavigate();
  const [product, setProduct] = useState<AdminProduct | null>(initial);
  const [form, setForm] = useState<ProductForm>(initial ? { ...initial.form } : emptyProduct());
  const [rows, setRows] = useState<Row[]>(initial ? rowsOf(initial) : [newRow()]);
  const [errors, setErrors] = useState<FormErrors>({});
  const [rowErrors, setRowErrors] = useState<Record<string, FormErrors>>({});
  const [stale, setStale] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [publishNow, setPublishNow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [cats] = useLoad('catalog-admin-categories', categoryList);
  const categories = cats.kind === 'ok' ? cats.data : [];

  const set = (k: keyof ProductForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const setRow = (key: string, k: keyof VariantForm, value: string | boolean) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, form: { ...r.form, [k]: value } } : r)));

  /** The server's refusal: a stale version, or a field's message under the field. */
  const refused = (out: Extract<CallOutcome<unknown>, { ok: false }>, rowKey?: string) => {
    const message = out.message ?? t('editor.fix');
    if (out.status === 409) {
      setStale(message);
      return;
    }
    const place = placeServerError(out.field);
    const key = rowKey ?? (place.row !== null ? rows[place.row]?.key : undefined);
    if (key) setRowErrors((e) => ({ ...e, [key]: { [place.field]: message } }));
    else if (place.field in form) setErrors({ [place.field]: message });
    else setNotice(message);
    focusFirstInvalid();
  };

  /** The product as the server answered, keeping rows not saved yet (other than `saved`). */
  const took = (p: AdminProduct, saved?: string) => {
    setProduct(p);
    setRows((rs) => [...rowsOf(p), ...rs.filter((r) => r.id === undefined && r.key !== saved)]);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const core = await loadCore();
    const variantForms = product ? product.variants.map((v) => v.form) : rows.map((r) => r.form);
    const found = checkProduct(core, form, variantForms);
    const foundRows = product ? [] : checkVariants(core, variantForms);
    setErrors(found);
    setRowErrors(Object.fromEntries(rows.map((r, i) => [r.key, foundRows[i] ?? {}])));
    if (!clean(found) || !clean(foundRows)) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    const out = product ? await productUpdate(product.uid, product.version, form) : await productCreate(form, variantForms, publishNow);
    setBusy(false);
    if (!out.ok) return refused(out);
    setErrors({});
    if (!product) {
      toast.success(t('editor.created'));
      void navigate(adminPath('adminCatalogProduct', { uid: out.data.uid }));
      return;
    }
    setForm({ ...out.data.form });
    took(out.data);
    toast.success(t('editor.saved'));
  };

  const saveRow = async (r: Row) => {
    if (!product) return;
    const core = await loadCore();
    const [found] = checkVariants(core, [r.form]);
    setRowErrors((e) => ({ ...e, [r.key]: found }));
    if (!clean(found)) return;
    setBusy(true);
    const out = r.id === undefined ? await variantAdd(product.uid, r.form) : await variantUpdate(r.id, r.version ?? 0, r.form);
    setBusy(false);
    if (!out.ok) return refused(out, r.key);
    took(out.data, r.key);
    toast.success(t(r.id === undefined ? 'variants.added' : 'variants.saved'));
  };

  const removeRow = async (r: Row) => {
    if (r.id === undefined || !product) {
      setRows((rs) => rs.filter((x) => x.key !== r.key));
      return;
    }
    if (!window.confirm(t('variants.removeConfirm', { name: `${r.form.color ?? ''} ${r.form.warranty_name ?? ''}`.trim() }))) return;
    setBusy(true);
    const out = await variantRemove(r.id, r.version ?? 0);
    setBusy(false);
    if (!out.ok) return refused(out, r.key);
    took(out.data);
    toast.success(t('variants.removed'));
  };

  const togglePublish = async () => {
    if (!product) return;
    setNotice(null);
    setBusy(true);
    const out = await productPublish(product.uid, product.version, !product.published);
    setBusy(false);
    if (!out.ok) return refused(out);
    took(out.data);
    toast.success(t(out.data.published ? 'editor.publishedToast' : 'editor.unpublishedToast'));
  };

  const field = (k: keyof ProductForm, extra: { dir?: 'ltr'; numeric?: boolean; className?: string } = {}) => (
    <TextField
      label={t(`editor.${k}`)}
      name={k}
      value={form[k] ?? ''}
      onChange={set(k)}
      error={errors[k]}
      dir={extra.dir}
      inputMode={extra.numeric ? 'decimal' : undefined}
      hint={extra.numeric ? t('editor.numberHint') : undefined}
      className={extra.className}
      autoComplete="off"
    />
  );

  const title = product ? product.form.name : t('editor.newTitle');

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <PageTitle aside={product ? <span className="text-sm text-slate-600">{t('editor.version', { n: formatPlain(product.version) })}</span> : undefined}>
        <span id="page-title" className="[overflow-wrap:anywhere]">
          <bdi>{title}</bdi>
        </span>
      </PageTitle>
      <p>
        <Link to={adminPath('adminCatalogProducts')} className="text-sm text-brand-700 hover:underline">
          {t('editor.back')}
        </Link>
      </p>

      {stale && (
        <div role="alert" className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid="catalog-admin-stale">
          <p className="font-bold">{t('editor.stale')}</p>
          <p>{stale}</p>
          <div>
            <button type="button" onClick={onReload} className="rounded-xl bg-amber-700 px-4 py-2 font-bold text-white hover:bg-amber-800">
              {t('editor.reload')}
            </button>
          </div>
        </div>
      )}

      {notice && (
        <p role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-4 text-sm text-red-800" data-testid="catalog-admin-notice">
          {notice}
        </p>
      )}

      {product && (
        <section className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:flex-row sm:flex-wrap sm:items-center sm:justify-between" data-testid="catalog-admin-status">
          <div className="text-sm">
            <p className="font-bold text-slate-800">{t('editor.status')}</p>
            <p className={product.published ? 'text-green-800' : 'text-slate-700'} data-testid="catalog-admin-published">
              {product.published ? t('editor.isPublished') : t('editor.isDraft')}
            </p>
            <p className="mt-1 text-slate-600">
              {t('editor.uid')}: <bdi dir="ltr">{product.uid}</bdi>
            </p>
            <p className="text-xs text-slate-600">{t('editor.uidHint')}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={busy}
              onClick={() => void togglePublish()}
              className={`rounded-xl px-4 py-2 text-sm font-bold disabled:opacity-60 ${product.published ? 'border border-slate-300 text-slate-700 hover:bg-slate-50' : 'bg-green-700 text-white hover:bg-green-800'}`}
              data-testid="catalog-admin-publish"
            >
              {product.published ? t('editor.unpublish') : t('editor.publish')}
            </button>
            {product.published && (
              <a href={product.url} target="_blank" rel="noreferrer" className="rounded-xl border border-slate-300 px-4 py-2 text-sm text-brand-700 hover:bg-slate-50">
                {t('editor.view')}
              </a>
            )}
            <Link to={`/admin/catalog/products/${encodeURIComponent(product.uid)}/pictures`} className="rounded-xl border border-slate-300 px-4 py-2 text-sm text-brand-700 hover:bg-slate-50">
              {t('editor.pictures')}
            </Link>
          </div>
        </section>
      )}

      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" data-testid="catalog-admin-form">
        <Card title={t('editor.main')}>
          {field('name', { className: 'sm:col-span-2' })}
          {field('brand')}
          {field('model', { dir: 'ltr' })}
          <SelectField label={t('editor.line')} placeholder={t('editor.choose')} options={[...LINES]} optionLabel={(x) => t(`lines.${x}`)} value={form.line ?? ''} onChange={set('line')} error={errors.line} />
          <SelectField
            label={t('editor.condition')}
            placeholder={t('editor.choose')}
            options={[...CONDITIONS]}
            optionLabel={(x) => t(`conditions.${x}`)}
            value={form.condition ?? ''}
            onChange={set('condition')}
            error={errors.condition}
            name="condition"
          />
          <SelectField
            label={t('editor.category')}
            placeholder={t('editor.choose')}
            options={categories.map((c) => String(c.id))}
            optionLabel={(id) => categoryPath(categories, Number(id))}
            value={form.category ?? ''}
            onChange={set('category')}
            error={errors.category}
            name="category"
          />
          <TextAreaField label={t('editor.description')} name="description" value={form.description ?? ''} onChange={set('description')} error={errors.description} className="sm:col-span-2 lg:col-span-3" />
        </Card>

        {isUsed(form.condition) && (
          <Card title={t('editor.used')} testId="catalog-admin-used">
            <SelectField label={t('editor.grade')} placeholder={t('editor.choose')} options={[...GRADES]} value={form.grade ?? ''} onChange={set('grade')} error={errors.grade} name="grade" />
            {field('battery_health', { numeric: true })}
            {field('test_days', { numeric: true })}
          </Card>
        )}

        <Card title={t('editor.specs')}>
          {field('cpu', { dir: 'ltr' })}
          {field('ram_gb', { numeric: true })}
          {field('storage_gb', { numeric: true })}
          <SelectField label={t('editor.storage_type')} placeholder={t('editor.choose')} options={[...STORAGE_TYPES]} value={form.storage_type ?? ''} onChange={set('storage_type')} error={errors.storage_type} />
          {field('gpu', { dir: 'ltr' })}
          {field('screen_inches', { numeric: true })}
          {field('screen_resolution', { dir: 'ltr' })}
          {field('weight_kg', { numeric: true })}
          {field('battery_wh', { numeric: true })}
          {field('ports', { className: 'sm:col-span-2' })}
          {field('os', { dir: 'ltr' })}
        </Card>

        <Card title={t('editor.offer')} hint={t('editor.offerHint')}>
          {field('special_price', { numeric: true })}
          <TextField
            label={t('editor.special_ends')}
            name="special_ends"
            hint={t('editor.endsHint')}
            dir="ltr"
            inputMode="numeric"
            value={form.special_ends ?? ''}
            onChange={set('special_ends')}
            error={errors.special_ends}
            autoComplete="off"
          />
        </Card>

        {!product && (
          <Variants rows={rows} errors={rowErrors} onChange={setRow} onRemove={(r) => void removeRow(r)} onAdd={() => setRows((rs) => [...rs, newRow()])} busy={busy} />
        )}

        <div className="flex flex-wrap items-center gap-4">
          {!product && (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" className="size-5 accent-brand-600" checked={publishNow} onChange={(e) => setPublishNow(e.target.checked)} name="publish" />
              {t('editor.publishNow')}
            </label>
          )}
          <PrimaryButton type="submit" disabled={busy} data-testid="catalog-admin-save">
            {product ? t('editor.save') : t('editor.create')}
          </PrimaryButton>
        </div>
      </form>

      {product && (
        <Variants
          rows={rows}
          errors={rowErrors}
          onChange={setRow}
          onRemove={(r) => void removeRow(r)}
          onSave={(r) => void saveRow(r)}
          onAdd={() => setRows((rs) => [...rs, newRow()])}
          busy={busy}
        />
      )}
    </section>
  );
}

/** The variant rows: colour, warranty and its price, price, stock, instalments. */
function Variants({
  rows,
  errors,
  onChange,
  onRemove,
  onSave,
  onAdd,
  busy,
}: {
  rows: Row[];
  errors: Record<string, FormErrors>;
  onChange: (key: string, k: keyof VariantForm, value: string | boolean) => void;
  onRemove: (r: Row) => void;
  onSave?: (r: Row) => void;
  onAdd: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation(ns);
  const text = (r: Row, k: Exclude<keyof VariantForm, 'ins_payment'>, extra: { numeric?: boolean; dir?: 'ltr' } = {}) => (
    <TextField
      label={t(`variants.${k}`)}
      name={`variant-${k}`}
      value={r.form[k] ?? ''}
      onChange={(e) => onChange(r.key, k, e.target.value)}
      error={errors[r.key]?.[k]}
      inputMode={extra.numeric ? 'numeric' : undefined}
      dir={extra.dir}
      autoComplete="off"
    />
  );
  return (
    <section className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm" data-testid="catalog-admin-variants" aria-labelledby="variants-title">
      <h2 id="variants-title" className="font-bold text-slate-800">
        {t('variants.title')}
      </h2>
      {rows.length === 0 && <p className="text-sm text-slate-600">{t('variants.none')}</p>}
      {rows.map((r, i) => (
        <fieldset key={r.key} className="rounded-xl border border-slate-200 p-3" data-testid="catalog-admin-variant">
          <legend className="px-1 text-sm font-bold text-slate-700">{t('variants.row', { n: formatPlain(i + 1) })}</legend>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {text(r, 'color')}
            {text(r, 'price', { numeric: true })}
            {text(r, 'stock', { numeric: true })}
            {text(r, 'warranty_name')}
            {text(r, 'warranty_price', { numeric: true })}
            {text(r, 'warranty_note')}
            {text(r, 'property')}
            {text(r, 'dg', { dir: 'ltr' })}
            <label className="flex items-center gap-2 self-end py-3 text-sm text-slate-700">
              <input type="checkbox" className="size-5 accent-brand-600" checked={Boolean(r.form.ins_payment)} onChange={(e) => onChange(r.key, 'ins_payment', e.target.checked)} />
              {t('variants.ins_payment')}
            </label>
          </div>
          {errors[r.key]?.id && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {errors[r.key].id}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {onSave && (
              <button type="button" disabled={busy} onClick={() => onSave(r)} className="rounded-xl bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700 disabled:opacity-60" data-testid="catalog-admin-variant-save">
                {t('variants.save')}
              </button>
            )}
            <button type="button" disabled={busy} onClick={() => onRemove(r)} className="rounded-xl border border-red-300 px-4 py-2 text-sm text-red-700 hover:bg-red-50 disabled:opacity-60">
              {t('variants.remove')}
            </button>
          </div>
        </fieldset>
      ))}
      <div>
        <button type="button" onClick={onAdd} className="rounded-xl border border-brand-600 px-4 py-2 text-sm font-bold text-brand-700 hover:bg-brand-50" data-testid="catalog-admin-variant-add">
          {t('variants.add')}
        </button>
      </div>
    </section>
  );
}

/** /admin/catalog/products/new and /admin/catalog/products/:uid: the product editor. */
export default function ProductEditorPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const uid = route.name === 'adminCatalogProduct' ? (route.params.uid ?? '') : '';
  const [round, setRound] = useState(0);
  const [state, retry] = useLoad(`catalog-admin-product-${uid}-${round}`, () =>
    uid ? productGet(uid) : Promise.resolve<CallOutcome<AdminProduct | null>>({ ok: true, data: null }),
  );
  if (state.kind === 'loading') return <div className="h-64 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />;
  if (state.kind === 'failed') return <LoadError message={state.status === 404 ? t('editor.notFound') : state.message} onRetry={retry} />;
  return <Editor key={`${uid}-${round}`} initial={state.data} onReload={() => setRound((n) => n + 1)} />;
}
