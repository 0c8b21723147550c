import { useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ns } from '../../i18n';
import { useLoad } from '@/shared/hooks/useLoad';
import { FORM_FIELDS } from '@/shared/core';
import { useCore } from '@/shared/core/useCore';
import { TextAreaField, TextField } from '@/shared/ui/fields';
import { Pagination } from '@/shared/ui/Pagination';
import { toast } from '@/shared/ui/toast';
import { blogList, saveBlog, uploadCover, type BlogPost } from '../../api/settings';
import { MarkdownEditor } from './MarkdownEditor';
import { EditButton, errorsOf, FormActions, Records, RowButton, SettingsForm, SettingsPage, useDraft, useRound, type FieldErrors } from './parts';

interface Draft {
  id?: number;
  version: number;
  slug: string;
  title: string;
  summary: string;
  body: string;
  author: string;
  published: boolean;
  coverUrl?: string;
}

const EMPTY: Draft = { version: 0, slug: '', title: '', summary: '', body: '', author: '', published: false };
const F = FORM_FIELDS.blog_post;
const FIELDS = ['slug', 'title', 'summary', 'body', 'author'] as const;

const draftOf = (p: BlogPost): Draft => ({ id: p.id, version: p.version, slug: p.slug, title: p.title, summary: p.summary, body: p.body, author: p.author, published: p.published, coverUrl: p.cover_url });

/** /admin/content/blog: blog posts in Markdown with a live preview, a cover picture, drafts and publishing. */
export default function BlogPage() {
  const { t } = useTranslation(ns);
  const [round, reload] = useRound();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [state, retry] = useLoad(`blog-${page}-${round}`, () => blogList(page));
  const { draft, setDraft, set, errors, setErrors, busy, setBusy, edit, clear, field } = useDraft(EMPTY);
  const fileRef = useRef<HTMLInputElement>(null);
  const core = useCore();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!core || busy) return;
    // core/src/forms/blog_post.rs: the declaration the server parses the request with.
    const local: FieldErrors = core.checkForm('blog_post', { slug: draft.slug, title: draft.title, summary: draft.summary, body: draft.body, author: draft.author });
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    const out = await saveBlog({ id: draft.id, version: draft.version, slug: draft.slug, title: draft.title, summary: draft.summary, body: draft.body, author: draft.author, published: draft.published });
    setBusy(false);
    if (!out.ok) {
      setErrors(errorsOf(out, t('serverError'), FIELDS));
      return;
    }
    toast.success(t(out.data.published ? 'blog.published' : 'blog.draftSaved', { name: out.data.title }));
    // Stay on the saved post (its new version), so a cover can be added.
    setDraft(draftOf(out.data));
    reload();
  };

  const upload = async () => {
    const file = fileRef.current?.files?.[0];
    if (!file || !draft.id) return;
    setBusy(true);
    const out = await uploadCover(draft.id, draft.version, file);
    setBusy(false);
    if (fileRef.current) fileRef.current.value = '';
    if (!out.ok) {
      setErrors(out.field === 'file' ? { cover: out.message ?? t('serverError') } : errorsOf(out, t('serverError'), []));
      return;
    }
    setErrors({});
    toast.success(t('blog.coverSaved'));
    setDraft(draftOf(out.data));
    reload();
  };

  return (
    <SettingsPage>
      <SettingsForm testId="blog-form" title={draft.id ? t('blog.edit') : t('blog.add')} error={errors.form} onSubmit={submit}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...field('title')} label={t('blog.title')} maxLength={F.title.maxLength} />
          <TextField {...field('slug')} label={t('blog.slug')} hint={t('blog.slugHint')} dir="ltr" maxLength={F.slug.maxLength} />
          <TextField {...field('author')} label={t('blog.author')} maxLength={F.author.maxLength} />
        </div>
        <TextAreaField name="summary" label={t('blog.summary')} maxLength={F.summary.maxLength} value={draft.summary} error={errors.summary} onChange={(e) => set({ summary: e.target.value })} />
        <MarkdownEditor name="body" label={t('blog.body')} maxLength={F.body.maxLength} value={draft.body} error={errors.body} onChange={(body) => set({ body })} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="published" checked={draft.published} onChange={(e) => set({ published: e.target.checked })} />
          {t('blog.publish')}
        </label>
        <FormActions busy={busy} testId="blog-save" onCancel={draft.id ? clear : undefined} cancelText={t('blog.new')} />
        {draft.id && (
          <fieldset className="flex flex-col gap-2 border-t border-slate-100 pt-4">
            <legend className="text-sm font-medium text-slate-700">{t('blog.cover')}</legend>
            {draft.coverUrl && <img src={draft.coverUrl} alt={t('blog.coverOf', { name: draft.title })} width={320} height={240} className="h-auto w-40 rounded-xl bg-slate-100 object-cover" />}
            <div className="flex flex-wrap items-center gap-2">
              <input ref={fileRef} type="file" name="cover" accept="image/jpeg,image/png,image/webp" aria-label={t('blog.chooseCover')} aria-describedby="cover-help" className="text-sm" />
              <RowButton onClick={() => void upload()} disabled={busy} data-testid="cover-upload">
                {t('blog.upload')}
              </RowButton>
            </div>
            <p id="cover-help" className="text-xs text-slate-600">
              {t('blog.coverHint')}
            </p>
            {errors.cover && (
              <p role="alert" className="text-sm text-red-700">
                {errors.cover}
              </p>
            )}
          </fieldset>
        )}
      </SettingsForm>
      <Records
        state={state}
        retry={retry}
        items={(d) => d.posts}
        empty={t('blog.empty')}
        label={t('blog.list')}
        testId="blog-list"
        keyOf={(p) => p.id}
        footer={(d) => <Pagination page={page} pages={Math.max(1, Math.ceil(d.total / d.perPage))} />}
        renderItem={(p) => (
          <>
            <div className="min-w-0 flex-1">
              <p className="font-bold text-slate-800 [overflow-wrap:anywhere]">{p.title}</p>
              <p className="mt-1 text-sm leading-7 text-slate-600">
                {p.published ? t('blog.publishedOn', { date: p.published_jalali }) : t('blog.draft')}، <bdi dir="ltr">/blogs/{p.slug}</bdi>
              </p>
            </div>
            <EditButton name={p.title} onEdit={() => edit(draftOf(p))} />
          </>
        )}
      />
    </SettingsPage>
  );
}
