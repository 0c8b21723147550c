import { BarController, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { Chart } from 'react-chartjs-2';
import { formatCount } from '@/shared/lib/format';
import type { DashboardDay } from '../api/dashboard';
import { chartSeries } from './chartSeries';

ChartJS.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

const FONT = { family: 'Vazirmatn, sans-serif' };

/**
 * The last 30 days' orders (bars) and revenue (line) on a Jalali day axis; the labels are the
 * server's («۶ آذر»), every number in Persian digits; its words come from the page (so this chunk
 * holds chart.js and nothing shared with the page). Its own lazy chunk: chart.js loads only with
 * the dashboard. The page adds a table of the same figures for screen readers.
 */
export default function SalesChart({ days, title, ordersLabel, revenueLabel }: { days: DashboardDay[]; title: string; ordersLabel: string; revenueLabel: string }) {
  const s = chartSeries(days);
  return (
    <div className="relative h-72 w-full" data-testid="sales-chart">
      <Chart
        type="bar"
        role="img"
        aria-label={title}
        data={{
          labels: s.labels,
          datasets: [
            { type: 'bar', label: ordersLabel, data: s.orders, backgroundColor: '#0f766e', yAxisID: 'orders', order: 2 },
            { type: 'line', label: revenueLabel, data: s.revenueMillions, borderColor: '#b45309', backgroundColor: '#b45309', yAxisID: 'revenue', order: 1, tension: 0.25 },
          ],
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          locale: 'fa-IR',
          plugins: {
            legend: { rtl: true, labels: { font: FONT } },
            tooltip: { rtl: true, bodyFont: FONT, titleFont: FONT },
          },
          scales: {
            x: { reverse: true, ticks: { font: FONT, maxRotation: 0, autoSkip: true } },
            orders: { type: 'linear', position: 'right', beginAtZero: true, ticks: { precision: 0, font: FONT, callback: (v) => formatCount(Number(v)) } },
            revenue: { type: 'linear', position: 'left', beginAtZero: true, grid: { drawOnChartArea: false }, ticks: { font: FONT, callback: (v) => formatCount(Number(v)) } },
          },
        }}
      />
    </div>
  );
}
