import type { Core } from '@/shared/core';

/** Bytes as a short Persian-digit size: `۲۴۰ کیلوبایت`, `۱٫۲ مگابایت`. */
export function sizeText(core: Core | null, bytes: number): string {
  const digits = (s: string) => (core ? core.toPersianDigits(s) : s);
  if (bytes < 1024 * 1024) return `${digits(String(Math.max(1, Math.round(bytes / 1024))))} کیلوبایت`;
  return `${digits((bytes / (1024 * 1024)).toFixed(1)).replace('.', '٫')} مگابایت`;
}
