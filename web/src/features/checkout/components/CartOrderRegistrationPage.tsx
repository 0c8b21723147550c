import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useNavigate } from 'react-router';
import { goToGateway, startPayment } from '@/shared/api/payment';
import { attemptKey } from '@/shared/api/outcome';
import { listAddresses, type Address } from '@/shared/api/address';
import { persianDigits, useCore } from '@/shared/core/useCore';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { sessionAtom } from '@/shared/session/session';
import { CartIcon } from '@/shared/ui/Icons';
import { EmptyState } from '@/shared/ui/EmptyState';
import { Money } from '@/shared/ui/Money';
import { InstalmentCalculator } from '@/shared/instalment/InstalmentCalculator';
import { PageTitle } from '@/shared/ui/PageTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { LoadError } from '@/shared/ui/Status';
import { applyDiscount, openCart, registerOrder, removeDiscount, summary as fetchSummary, type Summary, type SummaryChoice } from '../api/checkout';
import { AddressFormSlot } from './addressFormSlot';
import { CheckoutSummary, PriceChanges } from './CheckoutSummary';
import { DiscountCodeField } from './DiscountCodeField';
import { DeliverySlots } from './DeliverySlots';
import { useDiscountCode } from '../hooks/useDiscountCode';
import { PART_SEPARATOR } from '@/shared/lib/format';

type Phase = { kind: 'loading' } | { kind: 'empty' } | { kind: 'failed'; message: string | null } | { kind: 'ready'; cartId: number };

function Card({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm md:p-5" data-testid={testId}>
      <h2 className="mb-3 font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/**
 * Full payment, or instalments when every line allows them (`InstalmentEligible`, from the
 * core): then the plans, each with its monthly amount from the core for the server's payable.
 * The chosen plan's schedule is the server's, in the summary.
 */
function PaymentMethods(props: {
  eligible: boolean;
  method: 'full' | 'instalment';
  onMethod: (m: 'full' | 'instalment') => void;
  payable: number | null;
  planId: number | null;
  onPlan: (id: number) => void;
}) {
  const { t } = useTranslation(ns);
  const { eligible, method, onMethod, payable, planId, onPlan } = props;
  const box = (on: boolean, off = false) =>
    `flex items-center gap-3 rounded-xl border p-3 ${on ? 'border-brand-500 bg-brand-50' : 'border-slate-200'} ${off ? 'text-slate-600' : 'cursor-pointer'}`;
  return (
    <div className="space-y-2 text-sm">
      <label className={box(method === 'full')}>
        <input type="radio" name="method" checked={method === 'full'} onChange={() => onMethod('full')} />
        {t('register.full')}
      </label>
      <label className={box(method === 'instalment', !eligible)}>
        <input type="radio" name="method" checked={method === 'instalment'} disabled={!eligible} onChange={() => onMethod('instalment')} />
        <span>
          {t('register.instalment')}
          {!eligible && <span className="block text-xs">{t('register.instalmentNotEligible')}</span>}
        </span>
      </label>
      {method === 'instalment' && payable !== null && (
        <InstalmentCalculator total={payable} selected={planId} onSelect={onPlan} title={t('register.choosePlan')} testId="instalment-plans" showSchedule={false} />
      )}
    </div>
  );
}

/**
 * Order registration: address, delivery option for its city, payment method and the server's
 * summary; «پرداخت» registers the order (one Idempotency-Key per attempt) and goes to the bank.
 */
export default function CartOrderRegistrationPage() {
  const { t } = useTranslation(ns);
  const core = useCore();
  const route = useRouteInfo();
  const navigate = useNavigate();
  const uid = useAtomValue(sessionAtom).user?.Uid ?? '';
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [addresses, setAddresses] = useState<Address[]>([]);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [deliveryId, setDeliveryId] = useState<number | null>(null);
  /** The delivery slot picked (optional); its list follows the address's city. */
  const [slotId, setSlotId] = useState<number | null>(null);
  const [slotError, setSlotError] = useState<string | null>(null);
  const [slotsVersion, setSlotsVersion] = useState(0);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [adding, setAdding] = useState(false);
  const [accepted, setAccepted] = useState(false);
  /** The server refused the payable the customer saw: its sentence, until they confirm. */
  const [refusedPayable, setRefusedPayable] = useState<string | null>(null);
  /** Buying in instalments on this plan (offered only when the core says every line allows it). */
  const [method, setMethod] = useState<'full' | 'instalment'>('full');
  const [planId, setPlanId] = useState<number | null>(null);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  /** Asks the summary again (e.g. after the kept code was refused at registration). */
  const [refresh, setRefresh] = useState(0);
  const asked = useRef(0);
  const AddressForm = useContext(AddressFormSlot);
  const discount = useDiscountCode();

  useEffect(() => {
    let alive = true;
    setPhase({ kind: 'loading' });
    void Promise.all([openCart(uid), listAddresses()]).then(([cart, book]) => {
      if (!alive) return;
      if (!cart.ok) return setPhase({ kind: 'failed', message: cart.message });
      if (!book.ok) return setPhase({ kind: 'failed', message: book.message });
      if (cart.data.cartId === null || cart.data.lines === 0) return setPhase({ kind: 'empty' });
      if (book.data.length === 0) {
        navigate('/profile/cart/first-time', { replace: true });
        return;
      }
      setAddresses(book.data);
      setAddressId((book.data.find((a) => a.IsDefault) ?? book.data[0]).Id);
      setPhase({ kind: 'ready', cartId: cart.data.cartId });
    });
    return () => {
      alive = false;
    };
  }, [uid, navigate, reload]);

  const cartId = phase.kind === 'ready' ? phase.cartId : null;
  /** The plan whose schedule the summary shows (the server's figures for it). */
  const askedPlan = method === 'instalment' ? planId : null;
  const choice = useCallback(
    (id: number, address: number): SummaryChoice => ({ orderid: id, addressid: address, deliveryid: deliveryId, planid: askedPlan }),
    [deliveryId, askedPlan],
  );

  // The summary follows the chosen address, delivery and plan; a late answer for an older choice is dropped.
  useEffect(() => {
    if (cartId === null || addressId === null) return;
    const n = ++asked.current;
    void fetchSummary(choice(cartId, addressId)).then((out) => {
      if (n !== asked.current) return;
      if (out.ok) {
        setSummary(out.data);
        discount.tell(out.data.DiscountNotice);
        const offered = out.data.DeliveryOptions;
        if (deliveryId === null && offered.length > 0) setDeliveryId(offered[0].Id);
        return;
      }
      if (out.field === 'deliveryid') setDeliveryId(null);
      else if (!discount.refusedBy(out)) setPayError(out.message ?? t('register.loadFailed'));
    });
  }, [cartId, addressId, deliveryId, choice, refresh, discount.refusedBy, discount.tell, t]);

  /** Applies or removes the cart's code (kept on the server); the answer is the new summary. */
  const changeCode = (call: (c: SummaryChoice) => Promise<Awaited<ReturnType<typeof fetchSummary>>>) => {
    if (cartId === null || addressId === null) return;
    const n = ++asked.current;
    void discount.run(() => call(choice(cartId, addressId))).then((out) => {
      if (out.ok && n === asked.current) setSummary(out.data);
    });
  };

  const chooseAddress = (id: number) => {
    setAddressId(id);
    setDeliveryId(null);
    setSlotId(null);
    setSlotError(null);
    setPayError(null);
  };

  // The in-store pickup has no courier, so no delivery slot (the server refuses one with it).
  const pickup = summary?.DeliveryOptions.find((d) => d.Id === deliveryId)?.Pickup ?? false;

  const pay = useCallback(async () => {
    if (cartId === null || addressId === null || deliveryId === null || !summary || paying) return;
    setPaying(true);
    setPayError(null);
    const out = await registerOrder(
      {
        orderid: cartId,
        addressid: addressId,
        deliveryid: deliveryId,
        acceptprices: accepted,
        payable: summary.Payable,
        planid: method === 'instalment' ? planId : null,
        slotid: pickup ? null : slotId,
      },
      attemptKey(),
    );
    if (!out.ok) {
      setPaying(false);
      // The slot was taken, closed or removed meanwhile: said at the slots, which are asked again.
      if (out.field === 'slotid') {
        setSlotError(out.message ?? t('slots.refused'));
        setSlotId(null);
        setSlotsVersion((n) => n + 1);
        return;
      }
      // A code refused at the last moment (e.g. its last use just went): shown at the field,
      // and the summary asked again (the server takes a code that no longer applies off the cart).
      if (discount.refusedBy(out)) setRefresh((n) => n + 1);
      else setPayError(out.message ?? t('register.failed'));
      return;
    }
    const answer = out.data;
    if (answer.status === 'ok' && answer.order) {
      const started = await startPayment(answer.order.Code, attemptKey());
      if (started.ok) {
        goToGateway(started.data.url);
        return;
      }
      setPaying(false);
      setPayError(started.message ?? t('register.paymentFailed'));
      return;
    }
    setPaying(false);
    if (answer.status === 'price_changed' && answer.summary) {
      setSummary(answer.summary);
      discount.tell(answer.summary.DiscountNotice);
      setAccepted(false);
      setRefusedPayable(answer.message ?? t('register.mustConfirm'));
      return;
    }
    setPayError(answer.message ?? t('register.failed'));
  }, [cartId, addressId, deliveryId, slotId, pickup, summary, accepted, paying, method, planId, discount, t]);

  const mustConfirm = Boolean(summary && (summary.PriceChanged || refusedPayable));
  const instalments = method === 'instalment' && Boolean(summary?.InstalmentEligible);
  // In instalments, only once the summary shows the server's schedule for the chosen plan.
  const planShown = planId !== null && summary?.Instalment?.PlanId === planId;
  const canPay = Boolean(
    summary && deliveryId !== null && summary.DeliveryId === deliveryId && (!mustConfirm || accepted) && !paying && (!instalments || planShown),
  );

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl">
      <PageTitle
        aside={
          <PrefetchLink to="/profile/cart" className="text-sm font-medium text-brand-600 hover:underline">
            {t('backToCart')}
          </PrefetchLink>
        }
      >
        <span id="page-title">{route.title}</span>
      </PageTitle>
      {phase.kind === 'loading' && <div className="h-64 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {phase.kind === 'failed' && <LoadError message={phase.message ?? t('register.loadFailed')} onRetry={() => setReload((n) => n + 1)} />}
      {phase.kind === 'empty' && <EmptyState icon={<CartIcon />} message={t('register.emptyCart')} action={{ to: '/shop', label: t('register.goShop') }} />}
      {phase.kind === 'ready' && (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 space-y-4">
            <Card title={t('register.addresses')} testId="addresses">
              <ul className="space-y-2">
                {addresses.map((a) => (
                  <li key={a.Id}>
                    <label className={`flex cursor-pointer gap-3 rounded-xl border p-3 text-sm ${a.Id === addressId ? 'border-brand-500 bg-brand-50' : 'border-slate-200'}`}>
                      <input type="radio" name="address" checked={a.Id === addressId} onChange={() => chooseAddress(a.Id)} className="mt-1" />
                      <span className="min-w-0 break-words leading-7">
                        <span className="font-medium">{a.Name}</span>{PART_SEPARATOR}{a.State}، {a.City}
                        <br />
                        {[a.Address, a.Plaque ? t('address.plaque', { value: persianDigits(core, a.Plaque) }) : '', a.Unit ? t('address.unit', { value: persianDigits(core, a.Unit) }) : ''].filter(Boolean).join('، ')}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
              {adding && AddressForm ? (
                <div className="mt-4 border-t border-slate-100 pt-4">
                  <AddressForm
                    submitLabel={t('address.save')}
                    onSaved={(id, book) => {
                      setAddresses(book);
                      setAdding(false);
                      chooseAddress(id);
                    }}
                  />
                  <button type="button" onClick={() => setAdding(false)} className="mt-2 text-sm text-slate-600 hover:underline">
                    {t('address.cancel')}
                  </button>
                </div>
              ) : (
                <button type="button" onClick={() => setAdding(true)} className="mt-3 text-sm font-medium text-brand-600 hover:underline">
                  {t('address.add')}
                </button>
              )}
            </Card>
            <Card title={t('register.delivery')} testId="delivery-options">
              {summary && summary.DeliveryOptions.length === 0 && <p className="text-sm text-red-600">{t('register.noDelivery')}</p>}
              <ul className="space-y-2">
                {summary?.DeliveryOptions.map((d) => (
                  <li key={d.Id}>
                    <label className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm ${d.Id === deliveryId ? 'border-brand-500 bg-brand-50' : 'border-slate-200'}`}>
                      <input type="radio" name="delivery" checked={d.Id === deliveryId} onChange={() => setDeliveryId(d.Id)} className="mt-1" />
                      <span className="min-w-0 flex-1">
                        <span className="font-medium">{d.Name}</span>
                        <span className="block text-xs leading-6 text-slate-600">{d.Description}</span>
                        {d.Estimate && (
                          <span className="block text-xs leading-6 text-slate-700" data-testid="delivery-estimate">
                            {t('register.estimate', { estimate: d.Estimate })}
                          </span>
                        )}
                      </span>
                      <span className="whitespace-nowrap" data-testid="delivery-option-price">
                        {d.Price === 0 ? t('register.free') : <Money value={d.Price} />}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </Card>
            {!pickup && (
              <DeliverySlots
                city={addresses.find((a) => a.Id === addressId)?.City ?? null}
                slotId={slotId}
                onSlot={(id) => {
                  setSlotId(id);
                  setSlotError(null);
                }}
                version={slotsVersion}
                error={slotError}
              />
            )}
            <Card title={t('discount.title')} testId="discount-code">
              <DiscountCodeField
                applied={summary?.DiscountCode ?? null}
                error={discount.error}
                checking={discount.checking}
                onApply={(text) => changeCode((c) => applyDiscount(c, text))}
                onRemove={() => changeCode(removeDiscount)}
              />
            </Card>
            <Card title={t('register.payment')} testId="payment-methods">
              <PaymentMethods
                eligible={Boolean(summary?.InstalmentEligible)}
                method={instalments ? 'instalment' : 'full'}
                onMethod={setMethod}
                payable={summary?.Payable ?? null}
                planId={planId}
                onPlan={setPlanId}
              />
            </Card>
          </div>
          <aside className="min-w-0 space-y-4 lg:sticky lg:top-4 lg:self-start">
            <Card title={t('register.summary')}>
              {summary ? <CheckoutSummary summary={summary} deliveryChosen={deliveryId !== null && summary.DeliveryId === deliveryId} /> : <div className="h-40 animate-pulse rounded-xl bg-slate-100" />}
            </Card>
            {summary && mustConfirm && (
              <PriceChanges summary={summary} message={refusedPayable} accepted={accepted} onAccept={setAccepted} />
            )}
            {payError && (
              <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-700" data-testid="pay-error">
                {payError}
              </p>
            )}
            <button
              type="button"
              onClick={() => void pay()}
              disabled={!canPay}
              className="w-full rounded-xl bg-brand-600 px-5 py-3 font-bold text-white transition hover:bg-brand-700 disabled:opacity-50"
            >
              {paying ? t('register.paying') : t('register.pay')}
            </button>
          </aside>
        </div>
      )}
    </section>
  );
}
