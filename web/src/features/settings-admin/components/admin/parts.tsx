import { useState, type ChangeEvent, type ComponentProps, type FormEvent, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../../i18n';
import type { ActiveChange } from '../../api/settings';
import { ListBody } from '@/shared/admin/AdminList';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import type { Loaded } from '@/shared/hooks/useLoad';
import { PrimaryButton, TextField } from '@/shared/ui/fields';
import { PageTitle } from '@/shared/ui/PageTitle';
import { toast } from '@/shared/ui/toast';
import type { CallOutcome } from '@/shared/api/outcome';

const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';
const ARABIC = '٠١٢٣٤٥٦٧٨٩';

/** A whole number typed with Persian, Arabic or Latin digits (separators ignored); NaN when it is not one. */
export function toNumber(text: string): number {
  const latin = text
    .trim()
    .replace(/[۰-۹]/g, (d) => String(PERSIAN.indexOf(d)))
    .replace(/[٠-٩]/g, (d) => String(ARABIC.indexOf(d)))
    .replace(/[,٬\s]/g, '');
  return /^-?\d+$/.test(latin) ? Number(latin) : Number.NaN;
}

/** A number for an input: Persian digits, or empty for none. */
export function numberText(n: number | null | undefined): string {
  return n === null || n === undefined ? '' : String(n).replace(/\d/g, (d) => PERSIAN[Number(d)]);
}

/** Errors of a form by field, from a refused save: the field the server named, else `form`. */
export type FieldErrors = Record<string, string>;

/** A refused save as field errors (409 and unknown fields under `form`). */
export function errorsOf(out: Extract<CallOutcome<unknown>, { ok: false }>, serverError: string, fields: readonly string[]): FieldErrors {
  const message = out.message ?? serverError;
  const field = out.field && fields.includes(out.field) ? out.field : 'form';
  return { [field]: message };
}

/** The page's title (the route's) and its body. */
export function SettingsPage({ children }: { children: ReactNode }) {
  const route = useRouteInfo();
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <PageTitle>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      {children}
    </section>
  );
}

/** The keys of a draft that hold text. */
type TextKey<D> = { [K in keyof D]-?: D[K] extends string ? K : never }[keyof D] & string;

/**
 * A form's draft record, its errors by field and whether a save is under way; `edit` opens a
 * record (forgetting the last errors), `clear` empties the form, and `field` binds a text input.
 */
export function useDraft<D>(empty: D) {
  const [draft, setDraft] = useState<D>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch }));
  const edit = (next: D) => {
    setDraft(next);
    setErrors({});
  };
  const field = (key: TextKey<D>) => ({
    name: key,
    value: draft[key] as string,
    error: errors[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set({ [key]: e.target.value } as Partial<D>),
  });
  return { draft, setDraft, set, errors, setErrors, busy, setBusy, edit, clear: () => edit(empty), field };
}

/** A whole number typed by staff: a text field (any digits, see `toNumber`) written left to right. */
export function NumberField(props: ComponentProps<typeof TextField>) {
  return <TextField inputMode="numeric" dir="ltr" {...props} />;
}

/** A settings form card: its title (which names the form, id `${testId}-title`), its own error, then `children`. */
export function SettingsForm({
  testId,
  title,
  error,
  onSubmit,
  children,
}: {
  testId: string;
  title: ReactNode;
  error?: string;
  onSubmit: (e: FormEvent) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={`${testId}-title`} className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm" data-testid={testId}>
      <h2 id={`${testId}-title`} className="font-bold text-slate-800">
        {title}
      </h2>
      <FormError message={error} />
      {children}
    </form>
  );
}

/** A form's own error (a stale save, a refusal without a field), announced. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm leading-7 text-red-800" data-testid="form-error">
      {message}
    </p>
  );
}

/** A small bordered button of a row. */
export function RowButton({ children, danger, ...rest }: { children: ReactNode; danger?: boolean } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={`rounded-xl border px-3 py-2 text-sm ${danger ? 'border-red-300 text-red-700' : 'border-slate-300 text-slate-800'}`}
      {...rest}
    >
      {children}
    </button>
  );
}

/** Active or inactive, as a badge. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation(ns);
  return (
    <span className={`rounded-full px-3 py-1 text-xs font-medium ${active ? 'bg-green-50 text-green-800' : 'bg-slate-100 text-slate-700'}`}>
      {active ? t('active') : t('inactive')}
    </span>
  );
}

/** A counter to reload a list after a save. */
export function useRound(): [number, () => void] {
  const [round, setRound] = useState(0);
  return [round, () => setRound((n) => n + 1)];
}

/** The end of a form: save, and, while a record is being edited, a button that leaves the edit. */
export function FormActions({ busy, testId, onCancel, cancelText }: { busy: boolean; testId: string; onCancel?: () => void; cancelText?: string }) {
  const { t } = useTranslation(ns);
  return (
    <div className="flex flex-wrap gap-2">
      <div className="w-40">
        <PrimaryButton type="submit" disabled={busy} data-testid={testId}>
          {t('save')}
        </PrimaryButton>
      </div>
      {onCancel && <RowButton onClick={onCancel}>{cancelText ?? t('cancelEdit')}</RowButton>}
    </div>
  );
}

/**
 * The page's records below its form: loading, a load error with a retry, the empty state, or one
 * card per record (`renderItem` draws what is in it), then `footer` (a count, paging).
 */
export function Records<D, T>({
  state,
  retry,
  items,
  empty,
  label,
  testId,
  keyOf,
  align = 'start',
  footer,
  renderItem,
}: {
  state: Loaded<D>;
  retry: () => void;
  items: (data: D) => T[];
  empty: string;
  /** The list's accessible name. */
  label: string;
  testId?: string;
  keyOf: (item: T) => Key;
  /** How a card's content lines up across: at the top, or centred. */
  align?: 'start' | 'center';
  footer?: (data: D) => ReactNode;
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <ListBody
      state={state}
      retry={retry}
      rows={items}
      empty={{ message: empty }}
      listLabel={label}
      listTestId={testId}
      skeletonHeight="h-32"
      footer={footer}
      renderRow={(item) => (
        <li key={keyOf(item)} className={`flex flex-wrap ${align === 'center' ? 'items-center' : 'items-start'} justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm`}>
          {renderItem(item)}
        </li>
      )}
    />
  );
}

/** A record's edit button: opens it in the form above and scrolls there. */
export function EditButton({ name, onEdit }: { name: string; onEdit: () => void }) {
  const { t } = useTranslation(ns);
  return (
    <RowButton
      onClick={() => {
        onEdit();
        window.scrollTo({ top: 0 });
      }}
      aria-label={t('editOf', { name })}
    >
      {t('edit')}
    </RowButton>
  );
}

/** A record's name with its active badge. */
export function RecordTitle({ active, children }: { active: boolean; children: ReactNode }) {
  return (
    <p className="flex flex-wrap items-center gap-2 font-bold text-slate-800">
      {children}
      <ActiveBadge active={active} />
    </p>
  );
}

/**
 * Switches a record on or off, from the version the list showed; says how it went and then
 * reloads the list (`onDone`), also after a refusal.
 */
export function ActiveToggle<R extends { id: number; version: number; active: boolean }>({
  record,
  nameOf,
  change,
  onDone,
}: {
  record: R;
  nameOf: (r: R) => string;
  change: (body: ActiveChange) => Promise<CallOutcome<R>>;
  onDone: () => void;
}) {
  const { t } = useTranslation(ns);
  const toggle = async () => {
    const out = await change({ id: record.id, version: record.version, active: !record.active });
    if (!out.ok) toast.error(out.message ?? t('serverError'));
    else toast.success(t(out.data.active ? 'activated' : 'deactivated', { name: nameOf(out.data) }));
    onDone();
  };
  return (
    <RowButton danger={record.active} onClick={() => void toggle()} aria-label={t(record.active ? 'deactivateOf' : 'activateOf', { name: nameOf(record) })}>
      {record.active ? t('deactivate') : t('activate')}
    </RowButton>
  );
}
