import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/shared/testing/render';
import { img, mockApi } from '@/shared/testing/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const post = {
  Id: 1,
  Slug: 'buying-used-laptop-guide',
  Title: 'راهنمای خرید لپ‌تاپ استوک',
  Summary: 'ده نکته.',
  Author: 'تیم فنی',
  PublishedAt: '2026-11-19T10:00:00Z',
  PublishedAtJalali: '۲۸ آبان ۱۴۰۵',
  Image: img(1, 2).Src2x,
  Image2x: img(1, 2).Src2x,
};

describe('content pages from the API', () => {
  it('FAQ: questions open their answers', async () => {
    mockApi({ '/api/client/v1/faq': () => ({ status: 'ok', data: [{ Id: 1, Question: 'ارسال چند روز طول می‌کشد؟', Answer: 'تهران یک روز.', AnswerHtml: '<p>تهران یک روز.</p>\n' }] }) });
    renderApp('/common-questions');
    const q = await screen.findByText('ارسال چند روز طول می‌کشد؟');
    fireEvent.click(q);
    expect(screen.getByText('تهران یک روز.')).toBeInTheDocument();
  });

  it('about: the page’s paragraphs under the route title', async () => {
    mockApi({ '/api/client/v1/pages/about': () => ({ status: 'ok', data: { Name: 'about', Title: 'درباره ما', Paragraphs: ['بند یک', 'بند دو'], Html: '<p>بند یک</p>\n<p>بند دو</p>\n', UpdatedAt: '' } }) });
    renderApp('/about-us');
    expect(await screen.findByText('بند دو')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('درباره ما');
  });

  it('contact: the shop’s details come from its one record (/shop), phone and email as links; empty fields are left out', async () => {
    const api = mockApi({
      '/api/client/v1/pages/contact': () => ({ status: 'ok', data: { Name: 'contact', Title: 'تماس با ما', Paragraphs: ['با ما در تماس باشید.'], Html: '<p>با ما در تماس باشید.</p>\n', UpdatedAt: '2026-11-19T10:00:00Z', UpdatedAtJalali: '۲۸ آبان ۱۴۰۵' } }),
      '/api/client/v1/shop': () => ({
        status: 'ok',
        data: { Name: 'لپ‌تاپ‌شاپ', Phone: '۰۲۱-۶۶۷۱۲۳۴۵', PhoneHref: '02166712345', Email: 'support@laptopshop.ir', City: 'تهران', Address: 'خیابان حافظ، پلاک ۱', PostalCode: '', OpeningHours: 'شنبه تا پنجشنبه' },
      }),
    });
    renderApp('/contact-us');
    const details = await screen.findByTestId('shop-details');
    expect(api.callsTo('/api/client/v1/shop')).toHaveLength(1);
    expect(details).toHaveTextContent('تهران، خیابان حافظ، پلاک ۱');
    expect(screen.getByRole('link', { name: '۰۲۱-۶۶۷۱۲۳۴۵' })).toHaveAttribute('href', 'tel:02166712345');
    expect(screen.getByRole('link', { name: 'support@laptopshop.ir' })).toHaveAttribute('href', 'mailto:support@laptopshop.ir');
    expect(details).toHaveTextContent('شنبه تا پنجشنبه');
    expect(details).not.toHaveTextContent('کد پستی');
  });

  it('blogs: cards link to their posts; a post shows its paragraphs; an unknown slug is not found', async () => {
    mockApi({
      '/api/client/v1/blog': () => ({ status: 'ok', data: [post], Total: 1, Page: 1, Size: 12 }),
      '/api/client/v1/blog/buying-used-laptop-guide': () => ({ status: 'ok', data: { ...post, Paragraphs: ['اول', 'دوم'], Html: '<p>اول</p>\n<p>دوم</p>\n' } }),
    });
    const { unmount } = renderApp('/blogs');
    expect(await screen.findByRole('link', { name: post.Title })).toHaveAttribute('href', '/blogs/buying-used-laptop-guide');
    unmount();
    const second = renderApp('/blogs/buying-used-laptop-guide');
    expect(await screen.findByRole('heading', { level: 1, name: post.Title })).toBeInTheDocument();
    expect(screen.getByTestId('post-body')).toHaveTextContent('دوم');
    second.unmount();
    renderApp('/blogs/nope');
    expect(await screen.findByRole('heading', { name: 'صفحه مورد نظر یافت نشد!' })).toBeInTheDocument();
  });
});
