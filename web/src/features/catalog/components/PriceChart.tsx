import { CategoryScale, Chart as ChartJS, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { Chart } from 'react-chartjs-2';
import type { PriceHistory } from '../api/catalog';

ChartJS.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip);

const FONT = { family: 'Vazirmatn, sans-serif' };
/** Millions of Toman with one decimal in Persian digits (`۳۰٫۵`): whole millions repeat on the axis. */
const millionsText = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 1 });

/**
 * A variant's price, one point a day, on a Jalali day axis (the server's labels, «۶ آذر ۱۴۰۵»),
 * in millions of Toman with Persian digits; a stepped line, since a price holds until it changes.
 * Its own lazy chunk with chart.js (the library the dashboard uses): it loads only when the
 * section comes near. The section lists the changes as text for screen readers.
 */
export default function PriceChart({ history, title, seriesLabel }: { history: PriceHistory; title: string; seriesLabel: string }) {
  const labels = history.Days.map((d) => d.Date);
  const millions = history.Days.map((d) => d.Price / 1_000_000);
  return (
    <div className="relative h-56 w-full" data-testid="price-chart">
      <Chart
        type="line"
        role="img"
        aria-label={title}
        data={{
          labels,
          datasets: [{ label: seriesLabel, data: millions, borderColor: '#0f766e', backgroundColor: '#0f766e', stepped: true, pointRadius: 0, borderWidth: 2 }],
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          locale: 'fa-IR',
          plugins: {
            legend: { display: false },
            tooltip: { rtl: true, bodyFont: FONT, titleFont: FONT, callbacks: { label: (c) => `${millionsText.format(Number(c.raw))} ${seriesLabel}` } },
          },
          scales: {
            x: { reverse: true, ticks: { font: FONT, maxRotation: 0, autoSkip: true, maxTicksLimit: 6 } },
            y: { position: 'right', ticks: { font: FONT, maxTicksLimit: 6, callback: (v) => millionsText.format(Number(v)) } },
          },
        }}
      />
    </div>
  );
}
