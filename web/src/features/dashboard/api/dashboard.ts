import { api, type components } from '@/shared/api/client';
import { settle, type CallOutcome } from '@/shared/api/outcome';

export type Dashboard = components['schemas']['AdminDashboardResponse'];
export type DashboardDay = components['schemas']['AdminDashboardDay'];

/** The dashboard's figures, counted by the server now. */
export function dashboardSummary(): Promise<CallOutcome<Dashboard>> {
  return settle(() => api.POST('/api/admin/v1/dashboard/summary', { body: {} }));
}
