import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../../i18n';
import { useLoad } from '@/shared/hooks/useLoad';
import { FORM_FIELDS } from '@/shared/core';
import { useCore } from '@/shared/core/useCore';
import { TextField } from '@/shared/ui/fields';
import { toast } from '@/shared/ui/toast';
import { pageList, savePage, type ContentPage } from '../../api/settings';
import { MarkdownEditor } from './MarkdownEditor';
import { EditButton, errorsOf, FormActions, Records, SettingsForm, SettingsPage, useDraft, useRound } from './parts';

const F = FORM_FIELDS.page;

/** /admin/content/pages: the about, contact, terms and privacy pages in Markdown. */
export default function PagesPage() {
  const { t } = useTranslation(ns);
  const [round, reload] = useRound();
  const [state, retry] = useLoad(`pages-${round}`, pageList);
  const { draft, setDraft, errors, setErrors, busy, setBusy, edit, clear } = useDraft<ContentPage | null>(null);
  const core = useCore();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft || !core || busy) return;
    // core/src/forms/page.rs: the declaration the server parses the request with.
    const local = core.checkForm('page', { title: draft.title, body: draft.body });
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    const out = await savePage({ name: draft.name, version: draft.version, title: draft.title, body: draft.body });
    setBusy(false);
    if (!out.ok) {
      setErrors(errorsOf(out, t('serverError'), ['title', 'body']));
      return;
    }
    toast.success(t('saved', { name: out.data.title }));
    clear();
    reload();
  };

  return (
    <SettingsPage>
      {draft && (
        <SettingsForm testId="page-form" title={t('pages.edit', { name: draft.title })} error={errors.form} onSubmit={submit}>
          <TextField name="title" label={t('pages.title')} maxLength={F.title.maxLength} value={draft.title} error={errors.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
          <MarkdownEditor name="body" label={t('pages.body')} maxLength={F.body.maxLength} value={draft.body} error={errors.body} onChange={(body) => setDraft({ ...draft, body })} />
          <FormActions busy={busy} testId="page-save" onCancel={clear} />
        </SettingsForm>
      )}
      <Records
        state={state}
        retry={retry}
        items={(d) => d}
        empty={t('pages.empty')}
        label={t('pages.list')}
        keyOf={(p) => p.name}
        align="center"
        renderItem={(p) => (
          <>
            <div>
              <p className="font-bold text-slate-800 [overflow-wrap:anywhere]">{p.title}</p>
              <p className="text-sm text-slate-600">{t('pages.updated', { date: p.updated_jalali })}</p>
            </div>
            <EditButton name={p.title} onEdit={() => edit(p)} />
          </>
        )}
      />
    </SettingsPage>
  );
}
