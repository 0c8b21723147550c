import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { useLoad } from '@/shared/hooks/useLoad';
import { useCore } from '@/shared/core/useCore';
import { staffMeAtom } from '@/shared/session/staffMe';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PrimaryButton, TextField } from '@/shared/ui/fields';
import { UserIcon } from '@/shared/ui/Icons';
import { PageTitle } from '@/shared/ui/PageTitle';
import { LoadError } from '@/shared/ui/Status';
import { toast } from '@/shared/ui/toast';
import { formatDigits } from '@/shared/lib/format';
import { removeStaff, saveStaff, staffList, type StaffMember } from '../api/staff';

/** /admin/staff: an admin adds staff, changes their roles and removes them. */
export default function StaffPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const me = useAtomValue(staffMeAtom);
  const [round, setRound] = useState(0);
  const [state, retry] = useLoad(`staff-list-${round}`, staffList);
  const [mobile, setMobile] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ mobile?: string; roles?: string }>({});
  const [busy, setBusy] = useState(false);
  const allRoles = me?.all_roles ?? [];
  const core = useCore();

  const edit = (m: StaffMember) => {
    setMobile(m.mobile);
    setRoles(m.roles.map((r) => r.role));
    setErrors({});
    document.querySelector<HTMLInputElement>('input[name="staff-mobile"]')?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!core || busy) return;
    // core/src/forms/staff_member.rs: the declaration the server parses the request with.
    const found = core.checkForm('staff_member', { mobile, roles: roles.join(',') });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const out = await saveStaff(mobile, roles);
    setBusy(false);
    if (!out.ok) {
      const message = out.message ?? t('common:errors.server', { defaultValue: 'خطای سرور' });
      setErrors(out.field === 'roles' ? { roles: message } : { mobile: message });
      return;
    }
    setErrors({});
    setMobile('');
    setRoles([]);
    toast.success(t(out.data.created ? 'created' : 'saved', { mobile: formatDigits(out.data.member.mobile) }));
    setRound((n) => n + 1);
  };

  const remove = async (m: StaffMember) => {
    if (!window.confirm(t('removeConfirm', { mobile: formatDigits(m.mobile) }))) return;
    const out = await removeStaff(m.id);
    if (!out.ok) {
      toast.error(out.message ?? 'خطای سرور');
      return;
    }
    toast.success(t('removed', { mobile: formatDigits(m.mobile) }));
    setRound((n) => n + 1);
  };

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <PageTitle>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm" aria-labelledby="staff-form-title" noValidate>
        <h2 id="staff-form-title" className="font-bold text-slate-800">
          {t('add')}
        </h2>
        <TextField
          name="staff-mobile"
          label={t('mobile')}
          hint={t('mobileHint')}
          inputMode="tel"
          dir="ltr"
          autoComplete="off"
          value={mobile}
          error={errors.mobile}
          onChange={(e) => setMobile(e.target.value)}
          className="sm:max-w-xs"
        />
        <fieldset aria-describedby={errors.roles ? 'staff-roles-error' : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('roles')}</legend>
          <div className="flex flex-wrap gap-3">
            {allRoles.map((r) => (
              <label key={r.role} className="flex items-center gap-2 rounded-xl border border-slate-200 px-3 py-2 text-sm">
                <input
                  type="checkbox"
                  name="roles"
                  value={r.role}
                  checked={roles.includes(r.role)}
                  onChange={(e) => setRoles((cur) => (e.target.checked ? [...cur, r.role] : cur.filter((x) => x !== r.role)))}
                />
                {r.label}
              </label>
            ))}
          </div>
          {errors.roles && (
            <p id="staff-roles-error" role="alert" className="mt-1 text-sm text-red-700">
              {errors.roles}
            </p>
          )}
        </fieldset>
        <div>
          <PrimaryButton type="submit" disabled={busy} data-testid="staff-save">
            {t('save')}
          </PrimaryButton>
        </div>
      </form>
      {state.kind === 'loading' && <div className="h-32 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {state.kind === 'failed' && <LoadError message={state.message} onRetry={retry} />}
      {state.kind === 'ok' && state.data.length === 0 && <EmptyState icon={<UserIcon />} message={t('empty')} />}
      {state.kind === 'ok' && state.data.length > 0 && (
        <ul className="flex flex-col gap-3" data-testid="staff-list" aria-label={t('list')}>
          {state.data.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm">
              <div className="min-w-0">
                <p className="font-bold text-slate-800">
                  {[m.name, m.lastname].filter(Boolean).join(' ') || t('noName')}
                  {me?.data.id === m.id && <span className="ms-2 text-sm font-normal text-slate-600">({t('you')})</span>}
                </p>
                <p className="text-sm text-slate-600">
                  <bdi>{formatDigits(m.mobile)}</bdi>
                </p>
                <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('roles')}>
                  {m.roles.map((r) => (
                    <li key={r.role} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800">
                      {r.label}
                    </li>
                  ))}
                </ul>
              </div>
              <div className="flex gap-2">
                <button type="button" className="rounded-xl border border-slate-300 px-3 py-2 text-sm" onClick={() => edit(m)}>
                  {t('edit')}
                </button>
                <button type="button" className="rounded-xl border border-red-300 px-3 py-2 text-sm text-red-700" onClick={() => void remove(m)}>
                  {t('remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
