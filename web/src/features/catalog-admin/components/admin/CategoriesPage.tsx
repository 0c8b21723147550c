import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../../i18n';
import { loadCore, type FormErrors } from '@/shared/core';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatCount } from '@/shared/lib/format';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PrimaryButton, SelectField, TextAreaField, TextField } from '@/shared/ui/fields';
import { BoxIcon } from '@/shared/ui/Icons';
import { PageTitle } from '@/shared/ui/PageTitle';
import { LoadError } from '@/shared/ui/Status';
import { toast } from '@/shared/ui/toast';
import { categoryCreate, categoryList, categoryUpdate, type AdminCategory, type CategoryForm } from '../../api/catalogAdmin';

const blank = (): CategoryForm => ({ name: '', slug: '', parent: '', position: '', description: '' });

/** The categories in tree order, each with its depth. */
function tree(all: AdminCategory[]): { c: AdminCategory; depth: number }[] {
  const out: { c: AdminCategory; depth: number }[] = [];
  const ids = new Set(all.map((c) => c.id));
  const walk = (parent: number | null, depth: number) => {
    for (const c of all.filter((x) => (x.parent_id ?? null) === parent || (parent === null && x.parent_id != null && !ids.has(x.parent_id)))) {
      if (out.some((o) => o.c.id === c.id) || depth > 16) continue;
      out.push({ c, depth });
      walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** /admin/catalog/categories: the category tree; add a category or edit one (name, ASCII slug, parent, order). */
export default function CategoriesPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const [round, setRound] = useState(0);
  const [state, retry] = useLoad(`catalog-admin-categories-${round}`, categoryList);
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  const [form, setForm] = useState<CategoryForm>(blank());
  const [errors, setErrors] = useState<FormErrors>({});
  const [stale, setStale] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const all = state.kind === 'ok' ? state.data : [];
  const rows = tree(all);
  const names = new Map(all.map((c) => [String(c.id), c.form.name]));

  const set = (k: keyof CategoryForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const edit = (c: AdminCategory | null) => {
    setEditing(c);
    setForm(c ? { ...c.form } : blank());
    setErrors({});
    setStale(null);
    document.querySelector<HTMLInputElement>('input[name="category-name"]')?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const core = await loadCore();
    const found = core.categoryForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const out = editing ? await categoryUpdate(editing.id, editing.version, form) : await categoryCreate(form);
    setBusy(false);
    if (!out.ok) {
      const message = out.message ?? t('editor.fix');
      if (out.status === 409) setStale(message);
      else setErrors({ [out.field ?? 'name']: message });
      return;
    }
    toast.success(t('categories.saved'));
    edit(null);
    setRound((n) => n + 1);
  };

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <PageTitle aside={state.kind === 'ok' ? <span className="text-sm text-slate-600">{formatCount(all.length)}</span> : undefined}>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm" aria-labelledby="category-form-title" data-testid="catalog-admin-category-form">
        <h2 id="category-form-title" className="font-bold text-slate-800">
          {editing ? t('categories.edit') : t('categories.add')}
        </h2>
        {stale && (
          <div role="alert" className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p>{stale}</p>
            <div>
              <button
                type="button"
                className="rounded-xl bg-amber-700 px-3 py-2 font-bold text-white"
                onClick={() => {
                  setStale(null);
                  setEditing(null);
                  setRound((n) => n + 1);
                }}
              >
                {t('editor.reload')}
              </button>
            </div>
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('categories.name')} name="category-name" value={form.name ?? ''} onChange={set('name')} error={errors.name} autoComplete="off" />
          <TextField label={t('categories.slug')} hint={t('categories.slugHint')} name="category-slug" dir="ltr" value={form.slug ?? ''} onChange={set('slug')} error={errors.slug} autoComplete="off" />
          <SelectField
            label={t('categories.parent')}
            placeholder={t('categories.top')}
            options={all.filter((c) => c.id !== editing?.id).map((c) => String(c.id))}
            optionLabel={(id) => names.get(id) ?? id}
            value={form.parent ?? ''}
            onChange={set('parent')}
            error={errors.parent}
          />
          <TextField label={t('categories.position')} name="category-position" inputMode="numeric" value={form.position ?? ''} onChange={set('position')} error={errors.position} autoComplete="off" />
          <TextAreaField label={t('categories.description')} value={form.description ?? ''} onChange={set('description')} error={errors.description} className="sm:col-span-2" />
        </div>
        <div className="flex flex-wrap gap-3">
          <PrimaryButton type="submit" disabled={busy} data-testid="catalog-admin-category-save">
            {t('categories.save')}
          </PrimaryButton>
          {editing && (
            <button type="button" className="rounded-xl border border-slate-300 px-4 py-2 text-sm" onClick={() => edit(null)}>
              {t('categories.cancel')}
            </button>
          )}
        </div>
      </form>
      {state.kind === 'loading' && <div className="h-32 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {state.kind === 'failed' && <LoadError message={state.message} onRetry={retry} />}
      {state.kind === 'ok' && all.length === 0 && <EmptyState icon={<BoxIcon />} message={t('categories.empty')} />}
      {rows.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={t('categories.list')} data-testid="catalog-admin-categories">
          {rows.map(({ c, depth }) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-3 shadow-sm" style={{ marginInlineStart: `${Math.min(depth, 4) * 1.25}rem` }}>
              <div className="min-w-0">
                <p className="font-bold text-slate-800 [overflow-wrap:anywhere]">
                  <bdi>{c.form.name}</bdi>
                </p>
                <p className="text-xs text-slate-600">
                  <bdi dir="ltr">{c.form.slug}</bdi>، {t('categories.products', { n: formatCount(c.products) })}
                </p>
              </div>
              <button type="button" className="rounded-xl border border-slate-300 px-3 py-2 text-sm" onClick={() => edit(c)} aria-label={`${t('categories.edit')} ${c.form.name ?? ''}`}>
                {t('categories.edit')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
