import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { FORM_FIELDS } from '@/shared/core';
import { useCore } from '@/shared/core/useCore';
import { formatCount, formatDigits, PART_SEPARATOR } from '@/shared/lib/format';
import { isSignedInAtom } from '@/shared/session/session';
import { PrimaryButton, SelectField, TextAreaField } from '@/shared/ui/fields';
import { LoadError } from '@/shared/ui/Status';
import {
  answerQuestion,
  ask,
  eligible,
  markHelpful,
  questions as loadQuestions,
  reviews as loadReviews,
  sendReview,
  type EligibleLine,
  type QuestionList,
  type ReviewItem,
  type ReviewList,
  type ReviewValues,
  type Sort,
} from '../api/reviews';

/** `43` → `۴٫۳`. */
export function averageText(tenths: number): string {
  return formatDigits(`${Math.floor(tenths / 10)}٫${tenths % 10}`);
}

function Stars({ n }: { n: number }) {
  const { t } = useTranslation(ns);
  return (
    <span role="img" aria-label={t('starsOf', { n: formatCount(n) })} className="text-amber-600" dir="ltr">
      {'★'.repeat(n)}
      <span className="text-slate-300">{'★'.repeat(Math.max(0, 5 - n))}</span>
    </span>
  );
}

/** The average, the count and one bar per star (5 first). */
export function Summary({ s }: { s: ReviewList['summary'] }) {
  const { t } = useTranslation(ns);
  if (s.count === 0) return <p className="text-sm text-slate-600">{t('noReviews')}</p>;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center" data-testid="review-summary">
      <p className="text-center">
        <span className="block text-4xl font-bold text-slate-900" data-testid="review-average">
          {averageText(s.average_tenths)}
        </span>
        <span className="text-sm text-slate-600">{t('summary', { average: averageText(s.average_tenths), count: formatCount(s.count) })}</span>
      </p>
      <ul className="flex min-w-0 flex-1 flex-col gap-1">
        {[5, 4, 3, 2, 1].map((n) => (
          <li key={n} className="flex items-center gap-2 text-sm">
            <span className="w-16 shrink-0 text-slate-700">{t('stars', { n: formatCount(n) })}</span>
            <span className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
              <span className="block h-full rounded-full bg-amber-500" style={{ width: `${s.shares[n - 1]}%` }} />
            </span>
            <span className="w-10 shrink-0 text-end text-slate-700">{t('share', { share: formatCount(s.shares[n - 1] ?? 0) })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One approved review: text is shown as text (React escapes it), never as HTML. */
export function Review({ r, signedIn }: { r: ReviewItem; signedIn: boolean }) {
  const { t } = useTranslation(ns);
  const [helpful, setHelpful] = useState(r.helpful);
  const [note, setNote] = useState<string | null>(null);
  const vote = async () => {
    if (!signedIn) {
      setNote(t('signInToHelpful'));
      return;
    }
    const out = await markHelpful(r.id);
    if (out.ok) {
      setHelpful(out.data.helpful);
      setNote(t('helpfulDone'));
    } else setNote(out.message ?? t('failed'));
  };
  return (
    <li className="space-y-2 border-b border-slate-100 py-4 text-sm last:border-0" data-testid="review">
      <p className="flex flex-wrap items-center gap-2">
        <Stars n={r.rating} />
        <bdi className="font-bold text-slate-900">{r.author}</bdi>
        <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-800">{t('verified')}</span>
        <span className="text-slate-600">{r.created}</span>
      </p>
      {r.variant && <p className="text-slate-600">{t('variant', { variant: r.variant })}</p>}
      <p className="whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]" data-testid="review-text">
        {r.text}
      </p>
      {r.pros.length > 0 && (
        <div>
          <h3 className="font-bold text-emerald-800">{t('pros')}</h3>
          <ul className="list-inside list-disc [overflow-wrap:anywhere]">
            {r.pros.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {r.cons.length > 0 && (
        <div>
          <h3 className="font-bold text-red-800">{t('cons')}</h3>
          <ul className="list-inside list-disc [overflow-wrap:anywhere]">
            {r.cons.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {r.answer && (
        <p className="rounded-xl bg-slate-50 p-3 [overflow-wrap:anywhere]">
          <span className="font-bold">{t('shopAnswer')}: </span>
          {r.answer}
        </p>
      )}
      <p className="flex flex-wrap items-center gap-2">
        <button type="button" onClick={() => void vote()} className="rounded-lg border border-slate-300 px-3 py-1 text-slate-800 hover:bg-slate-50">
          {t('helpful', { count: formatCount(helpful) })}
        </button>
        {note && (
          <span role="status" className="text-slate-700">
            {note}
          </span>
        )}
      </p>
    </li>
  );
}

const RATINGS = ['5', '4', '3', '2', '1'];

/** The review form of one delivered line (core's `review` form, through WASM). */
export function ReviewForm({ line, onSent }: { line: EligibleLine; onSent: () => void }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const [v, setV] = useState<ReviewValues>({ rating: '5', text: '', pros: '', cons: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const f = FORM_FIELDS.review;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!core || sending) return;
    const found = core.checkForm('review', { ...v });
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setSending(true);
    const out = await sendReview(line.order_line_id, v);
    setSending(false);
    if (out.ok) onSent();
    else setErrors({ [out.field ?? 'form']: out.message ?? t('failed') });
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 rounded-xl bg-slate-50 p-3" data-testid="review-form">
      <h3 className="font-bold text-slate-900">
        {t('write')}
        {PART_SEPARATOR}
        {t('line')} <bdi dir="ltr">{line.order_code}</bdi>
        {line.variant && <span className="text-sm font-normal text-slate-600"> ({line.variant})</span>}
      </h3>
      <SelectField
        label={t('rating')}
        placeholder={t('rating')}
        options={RATINGS}
        optionLabel={(n) => t('stars', { n: formatDigits(n) })}
        value={v.rating}
        error={errors.rating}
        onChange={(e) => setV({ ...v, rating: e.target.value })}
      />
      <TextAreaField label={t('text')} value={v.text} maxLength={f.text.maxLength} error={errors.text} onChange={(e) => setV({ ...v, text: e.target.value })} />
      <TextAreaField label={`${t('pros')} — ${t('prosHint')}`} value={v.pros} maxLength={f.pros.maxLength} error={errors.pros} onChange={(e) => setV({ ...v, pros: e.target.value })} className="[&_textarea]:min-h-20" />
      <TextAreaField label={`${t('cons')} — ${t('prosHint')}`} value={v.cons} maxLength={f.cons.maxLength} error={errors.cons} onChange={(e) => setV({ ...v, cons: e.target.value })} className="[&_textarea]:min-h-20" />
      {(errors.form || errors.order_line_id) && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form ?? errors.order_line_id}
        </p>
      )}
      <PrimaryButton type="submit" disabled={sending || !core}>
        {t('send')}
      </PrimaryButton>
    </form>
  );
}

function TextForm({ form, field, label, button, send, testId }: { form: 'question' | 'answer'; field: 'question' | 'answer'; label: string; button: string; send: (text: string) => Promise<{ ok: boolean; message?: string | null }>; testId: string }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!core) return;
    const found = core.checkForm(form, { [field]: text }) as Record<string, string>;
    if (found[field]) {
      setError(found[field]);
      return;
    }
    const out = await send(text);
    if (out.ok) {
      setText('');
      setError(null);
      setDone(true);
    } else setError(out.message ?? t('failed'));
  };
  const max = form === 'question' ? FORM_FIELDS.question.question.maxLength : FORM_FIELDS.answer.answer.maxLength;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-2" data-testid={testId}>
      <TextAreaField label={label} value={text} maxLength={max} error={error} onChange={(e) => setText(e.target.value)} className="[&_textarea]:min-h-20" />
      {done && (
        <p role="status" className="text-sm text-emerald-800">
          {t('sent')}
        </p>
      )}
      <PrimaryButton type="submit" disabled={!core}>
        {button}
      </PrimaryButton>
    </form>
  );
}

function Questions({ uid, signedIn, buyer }: { uid: string; signedIn: boolean; buyer: boolean }) {
  const { t } = useTranslation(ns);
  const [list, setList] = useState<QuestionList | null>(null);
  const [failed, setFailed] = useState(false);
  const load = () => {
    setFailed(false);
    void loadQuestions(uid, 1).then((o) => (o.ok ? setList(o.data) : setFailed(true)));
  };
  useEffect(load, [uid]);
  return (
    <section aria-labelledby="qa-title" className="mt-6" data-testid="questions">
      <h2 id="qa-title" className="mb-3 text-lg font-bold text-slate-900">
        {t('qa')}
      </h2>
      {failed && <LoadError onRetry={load} />}
      {list && list.questions.length === 0 && <p className="text-sm text-slate-600">{t('noQuestions')}</p>}
      {list && list.questions.length > 0 && (
        <ul className="flex flex-col gap-3">
          {list.questions.map((q) => (
            <li key={q.id} className="rounded-xl bg-slate-50 p-3 text-sm" data-testid="question">
              <p className="font-bold text-slate-900 [overflow-wrap:anywhere]">{q.text}</p>
              <p className="text-xs text-slate-600">
                <bdi>{q.author}</bdi>
                {PART_SEPARATOR}
                {q.created}
              </p>
              {q.answers.length > 0 && (
                <ul className="mt-2 flex flex-col gap-2 border-s-2 border-brand-200 ps-3">
                  {q.answers.map((a) => (
                    <li key={a.id} data-testid="answer">
                      <p className="text-slate-800 [overflow-wrap:anywhere]">{a.text}</p>
                      <p className="text-xs text-slate-600">
                        <bdi>{a.by_staff ? t('byShop') : a.author}</bdi>
                        {PART_SEPARATOR}
                        {a.created}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
              {buyer && <TextForm form="answer" field="answer" label={t('answerLabel')} button={t('answerSend')} send={(text) => answerQuestion(q.id, text)} testId="answer-form" />}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        {signedIn ? <TextForm form="question" field="question" label={t('ask')} button={t('askSend')} send={(text) => ask(uid, text)} testId="ask-form" /> : <p className="text-sm text-slate-600">{t('signInToAsk')}</p>}
      </div>
    </section>
  );
}

/**
 * The product page's reviews and questions: its own chunk, loaded when the section comes near
 * the viewport (the product page's slot, filled by the app's product route).
 */
export default function ReviewsSection({ uid }: { uid: string }) {
  const { t } = useTranslation(ns);
  const signedIn = useAtomValue(isSignedInAtom);
  const [sort, setSort] = useState<Sort>('newest');
  const [list, setList] = useState<ReviewList | null>(null);
  const [failed, setFailed] = useState(false);
  const [lines, setLines] = useState<EligibleLine[]>([]);
  const [buyer, setBuyer] = useState(false);
  const [sent, setSent] = useState(false);
  const load = () => {
    setFailed(false);
    void loadReviews(uid, sort, 1).then((o) => (o.ok ? setList(o.data) : setFailed(true)));
  };
  useEffect(load, [uid, sort]);
  useEffect(() => {
    if (!signedIn) return;
    void eligible(uid).then((o) => {
      if (o.ok) {
        setLines(o.data.lines);
        setBuyer(o.data.verified_buyer);
      }
    });
  }, [uid, signedIn]);
  return (
    <section aria-labelledby="reviews-title" className="mt-6 rounded-2xl bg-white p-4 shadow-sm md:p-6" data-testid="reviews">
      <h2 id="reviews-title" className="mb-3 text-lg font-bold text-slate-900">
        {t('title')}
      </h2>
      {failed && <LoadError onRetry={load} />}
      {!list && !failed && <div className="h-32 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />}
      {list && <Summary s={list.summary} />}
      {sent && (
        <p role="status" className="mt-3 text-sm text-emerald-800">
          {t('sent')}
        </p>
      )}
      {!sent && lines[0] && (
        <div className="mt-4">
          <ReviewForm
            line={lines[0]}
            onSent={() => {
              setSent(true);
              setLines(lines.slice(1));
            }}
          />
        </div>
      )}
      {list && list.total > 0 && (
        <>
          <div className="mt-4 sm:max-w-xs">
            <SelectField label={t('sort')} placeholder={t('sortNewest')} options={['newest', 'helpful']} optionLabel={(s) => t(s === 'newest' ? 'sortNewest' : 'sortHelpful')} value={sort} onChange={(e) => setSort(e.target.value as Sort)} />
          </div>
          <ul data-testid="review-list">
            {list.reviews.map((r) => (
              <Review key={r.id} r={r} signedIn={signedIn} />
            ))}
          </ul>
        </>
      )}
      <Questions uid={uid} signedIn={signedIn} buyer={buyer} />
    </section>
  );
}
