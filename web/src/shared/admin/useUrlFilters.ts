import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';

/** The 1-based page the URL holds (`?page=2`); anything else is page 1. */
export function pageOf(params: URLSearchParams): number {
  return Math.max(1, Math.floor(Number(params.get('page'))) || 1);
}

/**
 * A back-office list's filters, kept in the URL (so a filtered page can be shared and reloaded):
 * `draft` is what the form shows, `apply` writes the filled fields to the URL (page 1 again),
 * `clear` empties both.
 */
export function useUrlFilters<const K extends string>(fields: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const read = (p: URLSearchParams) => Object.fromEntries(fields.map((k) => [k, p.get(k) ?? ''])) as Record<K, string>;
  const [draft, setDraft] = useState<Record<K, string>>(() => read(params));
  const set = (k: K) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    const next = new URLSearchParams();
    for (const k of fields) if (draft[k].trim()) next.set(k, draft[k].trim());
    setParams(next);
  };
  const clear = () => {
    setDraft(read(new URLSearchParams()));
    setParams(new URLSearchParams());
  };
  return { params, draft, set, apply, clear };
}
