/**
 * The shop's instalment plans (public, cached GET). The product page and order registration
 * both show them through `InstalmentCalculator`, which runs each plan's terms through the
 * core's `instalment_schedule` (the server computes the same schedule at registration).
 */
import type { components } from '@/shared/api';
import { get } from '@/shared/api/resource';
import type { InstalmentTerms } from '@/shared/core';

export type InstalmentPlan = components['schemas']['InstalmentPlan'];

export const plansResource = get('/api/client/v1/instalment/plans');

/** A plan's terms as the core reads them. */
export function termsOf(p: InstalmentPlan): InstalmentTerms {
  return {
    down_payment_percent: p.DownPaymentPercent,
    months: p.Months,
    monthly_rate_bp: p.MonthlyRateBp,
    min_total: p.MinTotal,
    max_total: p.MaxTotal,
  };
}
