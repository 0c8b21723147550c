import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { toast } from '@/shared/ui/toast';
import { deleteAddress, listAddresses, setDefaultAddress, type Address } from '@/shared/api/address';
import type { CallOutcome } from '@/shared/api/outcome';
import { persianDigits, useCore } from '@/shared/core/useCore';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { EmptyState } from '@/shared/ui/EmptyState';
import { EditIcon, PinIcon, PlusIcon, TrashIcon } from '@/shared/ui/Icons';
import { PageTitle } from '@/shared/ui/PageTitle';
import { LoadError } from '@/shared/ui/Status';
import { AddressForm } from './AddressForm';
// The server's limit too (core `limits::MAX_ADDRESSES`, generated).
import { MAX_ADDRESSES } from '@/shared/core/constants.generated';

type Phase = { kind: 'loading' } | { kind: 'failed'; message: string | null } | { kind: 'ready' };
/** Which form is open: none, a new address, or the address with this id. */
type Editing = null | 'new' | number;

function AddressCard({
  a,
  onEdit,
  onDeleted,
  onDefault,
  busy,
}: {
  a: Address;
  onEdit: () => void;
  onDeleted: () => void;
  onDefault: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const [confirming, setConfirming] = useState(false);
  const fa = (s: string) => persianDigits(core, s);
  const parts = [a.Address, a.Plaque ? t('book.plaque', { value: fa(a.Plaque) }) : '', a.Unit ? t('book.unit', { value: fa(a.Unit) }) : ''].filter(Boolean);
  return (
    <li
      className={`min-w-0 rounded-2xl border bg-white p-4 shadow-sm ${a.IsDefault ? 'border-brand-500' : 'border-slate-200'}`}
      data-testid="address-card"
      aria-label={a.Name}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 break-words font-bold text-slate-900">{a.Name}</span>
        {a.IsDefault && <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">{t('book.default')}</span>}
      </div>
      <p className="mt-2 break-words text-sm leading-7 text-slate-700">
        {a.State}، {a.City}، {parts.join('، ')}
      </p>
      <p className="mt-1 flex flex-wrap gap-x-4 text-sm text-slate-600">
        <span>{t('book.postalcode', { value: fa(a.PostalCode) })}</span>
        <span>{t('book.mobile', { value: fa(a.Mobile) })}</span>
      </p>
      {confirming ? (
        <div className="mt-3 rounded-xl bg-red-50 p-3 text-sm" role="group" aria-label={t('book.delete')}>
          <p className="leading-7 text-red-800">{t('book.confirmDelete')}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" disabled={busy} onClick={onDeleted} className="rounded-lg bg-red-600 px-3 py-1.5 font-medium text-white disabled:opacity-60">
              {t('book.yesDelete')}
            </button>
            <button type="button" onClick={() => setConfirming(false)} className="rounded-lg px-3 py-1.5 font-medium text-slate-700 hover:bg-white">
              {t('book.no')}
            </button>
          </div>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2 text-sm">
          {!a.IsDefault && (
            <button type="button" disabled={busy} onClick={onDefault} className="rounded-lg border border-brand-200 px-3 py-1.5 font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60">
              {t('book.makeDefault')}
            </button>
          )}
          <button type="button" onClick={onEdit} className="flex items-center gap-1 rounded-lg px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100">
            <EditIcon className="h-4 w-4" />
            {t('book.edit')}
          </button>
          <button type="button" onClick={() => setConfirming(true)} className="flex items-center gap-1 rounded-lg px-3 py-1.5 font-medium text-red-700 hover:bg-red-50">
            <TrashIcon className="h-4 w-4" />
            {t('book.delete')}
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * `/profile/addresses`: the customer's address book from the server (the addresses saved at
 * checkout included): add, edit, delete and choose the default. Empty only when the server
 * says there is none.
 */
export default function AddressBookPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [book, setBook] = useState<Address[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let alive = true;
    setPhase({ kind: 'loading' });
    void listAddresses().then((out) => {
      if (!alive) return;
      if (!out.ok) return setPhase({ kind: 'failed', message: out.message });
      setBook(out.data);
      setPhase({ kind: 'ready' });
    });
    return () => {
      alive = false;
    };
  }, [reload]);

  const act = useCallback(
    async (call: () => Promise<CallOutcome<Address[]>>, done: string) => {
      setBusy(true);
      const out = await call();
      setBusy(false);
      if (out.ok) {
        setBook(out.data);
        toast.success(done);
      } else {
        toast.error(out.message ?? t('book.actionFailed'));
        // Another tab may have changed the book: show what the server has.
        if (out.status === 404) setReload((n) => n + 1);
      }
    },
    [t],
  );

  const saved = (_id: number, next: Address[]) => {
    setBook(next);
    setEditing(null);
    toast.success(t('book.saved'));
  };

  const full = book.length >= MAX_ADDRESSES;
  const addButton = (
    <button
      type="button"
      onClick={() => setEditing('new')}
      disabled={full}
      className="flex items-center gap-1 rounded-xl bg-brand-600 px-4 py-2 text-sm font-bold text-white transition hover:bg-brand-700 disabled:opacity-60"
    >
      <PlusIcon className="h-4 w-4" />
      {t('book.add')}
    </button>
  );

  return (
    <section aria-labelledby="page-title" className="min-w-0">
      <PageTitle aside={phase.kind === 'ready' && book.length > 0 && editing !== 'new' ? addButton : undefined}>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      {phase.kind === 'loading' && <div className="h-48 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {phase.kind === 'failed' && <LoadError message={phase.message ?? t('book.loadFailed')} onRetry={() => setReload((n) => n + 1)} />}
      {phase.kind === 'ready' && (
        <div className="space-y-4">
          {editing === 'new' && (
            <section className="rounded-2xl bg-white p-4 shadow-sm md:p-6" aria-labelledby="address-new">
              <h2 id="address-new" className="mb-4 font-bold text-slate-900">
                {t('book.addTitle')}
              </h2>
              <AddressForm submitLabel={t('book.save')} askDefault onSaved={saved} />
              <button type="button" onClick={() => setEditing(null)} className="mt-2 text-sm text-slate-600 hover:underline">
                {t('book.cancel')}
              </button>
            </section>
          )}
          {book.length === 0 && editing !== 'new' && (
            <EmptyState icon={<PinIcon />} message={t('book.empty')}>
              {addButton}
            </EmptyState>
          )}
          {book.length > 0 && (
            <>
              <p className="text-sm leading-7 text-slate-600">{t('book.intro')}</p>
              {full && <p className="text-sm text-slate-600">{t('book.full')}</p>}
              <ul className="grid gap-3 lg:grid-cols-2">
                {book.map((a) =>
                  editing === a.Id ? (
                    <li key={a.Id} className="rounded-2xl bg-white p-4 shadow-sm md:p-6 lg:col-span-2">
                      <h2 className="mb-4 font-bold text-slate-900">{t('book.editTitle')}</h2>
                      <AddressForm address={a} submitLabel={t('book.save')} askDefault onSaved={saved} />
                      <button type="button" onClick={() => setEditing(null)} className="mt-2 text-sm text-slate-600 hover:underline">
                        {t('book.cancel')}
                      </button>
                    </li>
                  ) : (
                    <AddressCard
                      key={a.Id}
                      a={a}
                      busy={busy}
                      onEdit={() => setEditing(a.Id)}
                      onDeleted={() => void act(() => deleteAddress(a.Id), t('book.deleted'))}
                      onDefault={() => void act(() => setDefaultAddress(a.Id), t('book.defaultChanged'))}
                    />
                  ),
                )}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
