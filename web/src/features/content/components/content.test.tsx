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
    mockApi({ '/api/client/v1/faq': () => ({ status: 'ok', data: [{ Id: 1, Question: 'ارسال چند روز طول می‌کشد؟', Answer: 'تهران یک روز.' }] }) });
    renderApp('/common-questions');
    const q = await screen.findByText('ارسال چند روز طول می‌کشد؟');
    fireEvent.click(q);
    expect(screen.getByText('تهران یک روز.')).toBeInTheDocument();
  });

  it('about: the page’s paragraphs under the route title', async () => {
    mockApi({ '/api/client/v1/pages/about': () => ({ status: 'ok', data: { Name: 'about', Title: 'درباره ما', Paragraphs: ['بند یک', 'بند دو'], UpdatedAt: '' } }) });
    renderApp('/about-us');
    expect(await screen.findByText('بند دو')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('درباره ما');
  });

  it('blogs: cards link to their posts; a post shows its paragraphs; an unknown slug is not found', async () => {
    mockApi({
      '/api/client/v1/blog': () => ({ status: 'ok', data: [post], Total: 1, Page: 1, Size: 12 }),
      '/api/client/v1/blog/buying-used-laptop-guide': () => ({ status: 'ok', data: { ...post, Paragraphs: ['اول', 'دوم'] } }),
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
