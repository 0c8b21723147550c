import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../../i18n';
import { useLoad } from '@/shared/hooks/useLoad';
import { FORM_FIELDS } from '@/shared/core';
import { useCore } from '@/shared/core/useCore';
import { TextField } from '@/shared/ui/fields';
import { toast } from '@/shared/ui/toast';
import { faqList, removeFaq, saveFaq, type FaqEntry } from '../../api/settings';
import { MarkdownEditor } from './MarkdownEditor';
import { EditButton, errorsOf, FormActions, numberText, NumberField, Records, RowButton, SettingsForm, SettingsPage, toNumber, useDraft, useRound, type FieldErrors } from './parts';

interface Draft {
  id?: number;
  version: number;
  question: string;
  answer: string;
  position: string;
}

const F = FORM_FIELDS.faq;
const EMPTY: Draft = { version: 0, question: '', answer: '', position: '' };

/** /admin/content/faq: the questions and answers (Markdown), their order, adding and removing. */
export default function FaqPage() {
  const { t } = useTranslation(ns);
  const [round, reload] = useRound();
  const [state, retry] = useLoad(`faq-${round}`, faqList);
  const { draft, set, errors, setErrors, busy, setBusy, edit, clear, field } = useDraft(EMPTY);
  const core = useCore();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!core || busy) return;
    // core/src/forms/faq.rs: the declaration the server parses the request with.
    const local: FieldErrors = core.checkForm('faq', { question: draft.question, answer: draft.answer, position: draft.position });
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const position = toNumber(draft.position || '0');
    setBusy(true);
    const out = await saveFaq({ id: draft.id, version: draft.version, question: draft.question, answer: draft.answer, position });
    setBusy(false);
    if (!out.ok) {
      setErrors(errorsOf(out, t('serverError'), ['question', 'answer', 'position']));
      return;
    }
    toast.success(t('faq.saved'));
    clear();
    reload();
  };

  const remove = async (f: FaqEntry) => {
    if (!window.confirm(t('faq.removeConfirm'))) return;
    const out = await removeFaq(f.id, f.version);
    if (!out.ok) toast.error(out.message ?? t('serverError'));
    else toast.success(t('faq.removed'));
    reload();
  };

  return (
    <SettingsPage>
      <SettingsForm testId="faq-form" title={draft.id ? t('faq.edit') : t('faq.add')} error={errors.form} onSubmit={submit}>
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <TextField {...field('question')} label={t('faq.question')} maxLength={F.question.maxLength} />
          <NumberField {...field('position')} label={t('faq.position')} />
        </div>
        <MarkdownEditor name="answer" label={t('faq.answer')} rows={6} maxLength={F.answer.maxLength} value={draft.answer} error={errors.answer} onChange={(answer) => set({ answer })} />
        <FormActions busy={busy} testId="faq-save" onCancel={draft.id ? clear : undefined} />
      </SettingsForm>
      <Records
        state={state}
        retry={retry}
        items={(d) => d}
        empty={t('faq.empty')}
        label={t('faq.list')}
        keyOf={(f) => f.id}
        renderItem={(f) => (
          <>
            <div className="min-w-0 flex-1">
              <p className="font-bold text-slate-800 [overflow-wrap:anywhere]">{f.question}</p>
              <p className="mt-1 line-clamp-2 text-sm leading-7 text-slate-600 [overflow-wrap:anywhere]">{f.answer}</p>
            </div>
            <div className="flex gap-2">
              <EditButton name={f.question} onEdit={() => edit({ id: f.id, version: f.version, question: f.question, answer: f.answer, position: numberText(f.position) })} />
              <RowButton danger onClick={() => void remove(f)} aria-label={t('removeOf', { name: f.question })}>
                {t('remove')}
              </RowButton>
            </div>
          </>
        )}
      />
    </SettingsPage>
  );
}
