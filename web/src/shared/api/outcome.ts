/**
 * One shape for the answer of a call: its data, or the server's Persian message and field
 * (`{"status":"error","message","field"}`) with the HTTP status.
 */
export type CallOutcome<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string | null; field: string | null };

/** The error side of a call from openapi-fetch's `response` and `error`. */
export function refused(response: Response | undefined, error: unknown): { ok: false; status: number; message: string | null; field: string | null } {
  const body = error as { message?: unknown; field?: unknown } | undefined;
  return {
    ok: false,
    status: response?.status ?? 0,
    message: typeof body?.message === 'string' ? body.message : null,
    field: typeof body?.field === 'string' ? body.field : null,
  };
}

/** Runs a call; a network failure or timeout becomes status 0 with no message. */
export async function settle<T>(
  call: () => Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<CallOutcome<T>> {
  try {
    const { data, error, response } = await call();
    if (!response.ok || data === undefined) return refused(response, error);
    return { ok: true, data };
  } catch {
    return refused(undefined, undefined);
  }
}

/** A fresh Idempotency-Key: one per attempt (the HTTP layer's single retry reuses it). */
export function attemptKey(): string {
  return crypto.randomUUID();
}
