import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useCore } from '@/shared/core/useCore';
import { DocIcon } from '@/shared/ui/Icons';
import { fetchFile, type TicketFile } from '../api/tickets';
import { sizeText } from '../utils/files';

/** Saves a blob under `name` through a temporary link (the file never gets a public URL). */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A picture of a message, fetched with the bearer token and shown from memory. */
function ImageFile({ file }: { file: TicketFile }) {
  const { t } = useTranslation(ns);
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    let url: string | null = null;
    void fetchFile(file).then((out) => {
      if (!alive) return;
      if (out.ok) {
        url = URL.createObjectURL(out.data);
        setSrc(url);
      } else setFailed(true);
    });
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);
  if (failed) return <span className="text-sm text-red-600">{t('detail.fileFailed')}</span>;
  if (!src) return <span className="block h-28 w-28 animate-pulse rounded-xl bg-slate-200/70" aria-busy="true" />;
  return (
    <a
      href={src}
      download={file.Name}
      className="block overflow-hidden rounded-xl border border-slate-200 bg-slate-50"
      title={t('detail.download', { name: file.Name })}
    >
      <img src={src} alt={file.Name} className="h-28 w-28 object-cover" data-testid="ticket-image" />
    </a>
  );
}

/** A document of a message: its name and size; a click downloads it. */
function DocumentFile({ file }: { file: TicketFile }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const [failed, setFailed] = useState(false);
  return (
    <button
      type="button"
      onClick={() =>
        void fetchFile(file).then((out) => {
          if (out.ok) saveBlob(out.data, file.Name);
          else setFailed(true);
        })
      }
      className="flex max-w-full items-center gap-2 rounded-xl border border-slate-200 bg-white px-3 py-2 text-start text-sm hover:bg-slate-50"
      aria-label={t('detail.download', { name: file.Name })}
    >
      <DocIcon className="h-5 w-5 shrink-0 text-brand-600" />
      <span className="min-w-0 [overflow-wrap:anywhere]" dir="auto">
        {file.Name}
      </span>
      <span className="shrink-0 text-slate-500">{failed ? t('detail.fileFailed') : sizeText(core, file.Size)}</span>
    </button>
  );
}

/** The files of one message. */
export function TicketFiles({ files }: { files: TicketFile[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2">
      {files.map((f) => (
        <li key={f.Url} className="max-w-full">
          {f.IsImage ? <ImageFile file={f} /> : <DocumentFile file={f} />}
        </li>
      ))}
    </ul>
  );
}
