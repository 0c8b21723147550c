import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useResource } from '@/shared/api/resource';
import type { InstalmentSchedule } from '@/shared/core';
import { useCore, type CoreLoad } from '@/shared/core/useCore';
import { plansResource, termsOf, type InstalmentPlan } from './plans';

/** One plan on offer and what it makes of a total: the core's schedule, or its Persian reason. */
export type PlanRow = { plan: InstalmentPlan; schedule: InstalmentSchedule | null; refusal: string | null };

/**
 * Every plan on offer run through the core's `instalment_schedule` for `total`, started today in
 * Tehran: in the browser, no round trip (the plans list itself is one cached GET).
 */
export function usePlanRows(total: number, load: CoreLoad = 'now') {
  const { t } = useTranslation();
  const core = useCore(load);
  const plans = useResource(plansResource);
  const rows: PlanRow[] = useMemo(() => {
    if (!core || !plans.data) return [];
    const start = core.tehranDate(new Date());
    return plans.data.data.map((plan) => {
      if (!start) return { plan, schedule: null, refusal: t('instalment.noDate') };
      const out = core.instalmentSchedule(termsOf(plan), total, start);
      return 'ok' in out && out.ok ? { plan, schedule: out.ok, refusal: null } : { plan, schedule: null, refusal: out.err ?? '' };
    });
  }, [core, plans.data, total, t]);
  return { core, rows, loading: !core || !plans.data, failed: Boolean(plans.error) };
}
