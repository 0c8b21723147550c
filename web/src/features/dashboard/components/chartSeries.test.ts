import { describe, expect, it } from 'vitest';
import { chartSeries } from './chartSeries';

const day = (label: string, orders: number, revenue: number) => ({ date: '1405/09/01', label, orders, revenue, revenue_text: '' });

describe('chartSeries', () => {
  it('keeps the server labels in order and gives revenue in millions of Toman with one decimal', () => {
    const s = chartSeries([day('۱ آذر', 0, 0), day('۲ آذر', 3, 31_240_000), day('۳ آذر', 1, 49_999)]);
    expect(s.labels).toEqual(['۱ آذر', '۲ آذر', '۳ آذر']);
    expect(s.orders).toEqual([0, 3, 1]);
    expect(s.revenueMillions).toEqual([0, 31.2, 0]);
  });
});
