const TONE: Record<string, string> = {
  paid: 'bg-green-100 text-green-800',
  preparing: 'bg-sky-100 text-sky-800',
  shipped: 'bg-sky-100 text-sky-800',
  delivered: 'bg-green-100 text-green-800',
  cancelled: 'bg-slate-200 text-slate-700',
  expired: 'bg-slate-200 text-slate-700',
};

/** An order's state, in the server's Persian label. */
export function StateBadge({ status, label }: { status: string; label: string }) {
  return (
    <span data-testid="order-status" className={`rounded-full px-3 py-1 text-xs font-bold ${TONE[status] ?? 'bg-amber-100 text-amber-800'}`}>
      {label}
    </span>
  );
}
