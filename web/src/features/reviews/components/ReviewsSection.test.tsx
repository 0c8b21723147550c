import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/shared/testing/fixtures';
import { renderWithApp } from '@/shared/testing/render';
import ReviewsSection, { averageText } from './ReviewsSection';

afterEach(() => {
  vi.unstubAllGlobals();
});

const review = {
  id: 7,
  author: 'مریم ا.',
  variant: 'مشکی',
  rating: 4,
  text: '<script>alert(1)</script> خیلی خوب',
  pros: ['باتری خوب'],
  cons: [],
  helpful: 3,
  answer: 'ممنون از شما',
  created: '۱۴۰۵/۰۹/۰۷',
  created_iso: '2026-11-28',
};

function server(reviews: unknown[]) {
  return mockApi({
    '/api/client/v1/review/products/asus-zenbook': () => ({
      status: 'ok',
      summary: reviews.length ? { count: 3, average_tenths: 43, stars: [0, 0, 0, 2, 1], shares: [0, 0, 0, 67, 33] } : { count: 0, average_tenths: 0, stars: [0, 0, 0, 0, 0], shares: [0, 0, 0, 0, 0] },
      reviews,
      total: reviews.length,
      page: 1,
      per_page: 10,
    }),
    '/api/client/v1/review/products/asus-zenbook/questions': () => ({
      status: 'ok',
      questions: [{ id: 1, author: 'علی', text: 'رم قابل ارتقاست؟', created: '۱۴۰۵/۰۹/۰۷', answers: [{ id: 2, author: 'x', by_staff: true, text: 'بله', created: '۱۴۰۵/۰۹/۰۷' }] }],
      total: 1,
      page: 1,
      per_page: 10,
    }),
  });
}

describe('ReviewsSection', () => {
  it('writes the average in Persian digits with the Persian decimal sign', () => {
    expect(averageText(43)).toBe('۴٫۳');
    expect(averageText(50)).toBe('۵٫۰');
  });

  it('shows the summary bars, each review escaped as text, and the answered question', async () => {
    server([review]);
    renderWithApp(<ReviewsSection uid="asus-zenbook" />);
    expect(await screen.findByTestId('review-average')).toHaveTextContent('۴٫۳');
    expect(screen.getByText('۶۷٪')).toBeInTheDocument();
    const item = screen.getByTestId('review');
    expect(within(item).getByTestId('review-text').textContent).toBe('<script>alert(1)</script> خیلی خوب');
    expect(item.querySelector('script')).toBeNull();
    expect(within(item).getByRole('img', { name: '۴ از ۵ ستاره' })).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'مفید بود (۳)' })).toBeInTheDocument();
    expect(within(item).getByText('ممنون از شما')).toBeInTheDocument();
    expect(await screen.findByText('رم قابل ارتقاست؟')).toBeInTheDocument();
    expect(screen.getByTestId('answer')).toHaveTextContent('لپ‌تاپ‌شاپ');
    // Signed out: no review form, a note instead of the ask form.
    expect(screen.queryByTestId('review-form')).toBeNull();
    expect(screen.getByText('برای پرسیدن وارد حساب کاربری شوید.')).toBeInTheDocument();
  });

  it('says so when there is no review yet', async () => {
    server([]);
    renderWithApp(<ReviewsSection uid="asus-zenbook" />);
    expect(await screen.findByText('هنوز نظری برای این کالا ثبت نشده است.')).toBeInTheDocument();
  });
});
