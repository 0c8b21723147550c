import type { DashboardDay } from '../api/dashboard';

/** The chart's series from the server's days: labels as sent, revenue in millions of Toman (one decimal). */
export function chartSeries(days: DashboardDay[]): { labels: string[]; orders: number[]; revenueMillions: number[] } {
  return {
    labels: days.map((d) => d.label),
    orders: days.map((d) => d.orders),
    revenueMillions: days.map((d) => Math.round(d.revenue / 100_000) / 10),
  };
}
