import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import type { Core } from '@/shared/core';
import { TrashIcon } from '@/shared/ui/Icons';
import { checkUpload } from '@/shared/lib/upload';
import { sizeText } from '../utils/files';
import { MAX_FILES } from '@/shared/core/constants.generated';

export { MAX_FILES };
const ACCEPT = '.jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf';

interface Props {
  core: Core | null;
  files: File[];
  onChange: (files: File[]) => void;
  /** A message for the files from the server (or the form). */
  error?: string | null;
  disabled?: boolean;
}

/**
 * Up to three attachments. Each chosen file is checked by the core's upload rule (size, empty,
 * extension, first bytes) before it joins the list; a refused file is named with the rule's
 * message and not sent.
 */
export function FilePicker({ core, files, onChange, error, disabled }: Props) {
  const { t } = useTranslation(ns);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error ?? null;
  const errorId = `${id}-error`;

  async function add(list: FileList | null) {
    const chosen = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    if (!core || chosen.length === 0) return;
    const kept = [...files];
    let message: string | null = null;
    for (const f of chosen) {
      if (kept.length >= MAX_FILES) {
        message = t('form.tooManyFiles', { max: core.toPersianDigits(MAX_FILES) });
        break;
      }
      const refused = await checkUpload(core, t('labels.file'), f);
      if (refused) {
        message = `${f.name}: ${refused}`;
        continue;
      }
      kept.push(f);
    }
    setProblem(message);
    onChange(kept);
  }

  return (
    <div className="flex flex-col gap-2 text-start">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-700">
        {t('form.files')}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={id}
          className={`inline-flex cursor-pointer items-center rounded-xl border border-brand-200 bg-brand-50 px-4 py-2 text-sm font-bold text-brand-700 transition hover:bg-brand-100 ${
            disabled || files.length >= MAX_FILES || !core ? 'pointer-events-none opacity-60' : ''
          }`}
        >
          {t('form.chooseFiles')}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          disabled={disabled || files.length >= MAX_FILES || !core}
          aria-describedby={`${id}-hint${shown ? ` ${errorId}` : ''}`}
          data-testid="ticket-files"
          onChange={(e) => void add(e.currentTarget.files)}
        />
        <span id={`${id}-hint`} className="text-xs leading-6 text-slate-500">
          {t('form.filesHint', { max: core ? core.toPersianDigits(MAX_FILES) : MAX_FILES })}
        </span>
      </div>
      {files.length > 0 && (
        <ul className="flex flex-col gap-2" aria-labelledby={`${id}-label`}>
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 px-3 py-2 text-sm">
              <span className="min-w-0 [overflow-wrap:anywhere]" dir="auto">
                {f.name}
              </span>
              <span className="flex shrink-0 items-center gap-2 text-slate-500">
                {sizeText(core, f.size)}
                <button
                  type="button"
                  className="rounded-lg p-1.5 text-red-600 hover:bg-red-50"
                  aria-label={t('form.removeFile', { name: f.name })}
                  disabled={disabled}
                  onClick={() => {
                    setProblem(null);
                    onChange(files.filter((_, j) => j !== i));
                  }}
                >
                  <TrashIcon className="h-4 w-4" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {shown && (
        <p id={errorId} role="alert" className="text-sm text-red-600 [overflow-wrap:anywhere]" data-testid="files-error">
          {shown}
        </p>
      )}
    </div>
  );
}
