import { useMemo } from 'react';
import { highlight, type Folder } from '@/features/catalog/utils/highlight';

/** `text` with the parts matching `query` (folded, see lib/highlight.ts) in <mark>. */
export function Highlight({ text, query, folder }: { text: string; query: string; folder: Folder | null }) {
  const segments = useMemo(() => highlight(text, query, folder), [text, query, folder]);
  return (
    <>
      {segments.map((s, i) =>
        s.match ? (
          <mark key={i} className="rounded bg-amber-200/80 px-0.5 text-inherit">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
