import { useCore } from '@/shared/core/useCore';

/** An amount in Toman as the core's `format_price` writes it; a blank placeholder until loaded. */
export function Money({ value, className }: { value: number; className?: string }) {
  const core = useCore();
  if (!core) return <span className={`inline-block h-4 w-20 animate-pulse rounded bg-slate-200 ${className ?? ''}`} aria-busy="true" />;
  return <span className={className}>{core.formatPrice(value)}</span>;
}
