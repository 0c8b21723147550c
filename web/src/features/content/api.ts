/** Content reads (server/src/content/api.rs): blog list and post, content pages, FAQ. */
import { apiUrl } from '@/features/catalog/lib/fetchJson';

export interface BlogPostSummary {
  Id: number;
  Slug: string;
  Title: string;
  Summary: string;
  Author: string;
  /** RFC 3339, UTC. */
  PublishedAt: string;
  /** e.g. `۳۰ آبان ۱۴۰۵`. */
  PublishedAtJalali: string;
  Image: string;
  Image2x: string;
}

export interface BlogPostFull extends BlogPostSummary {
  Paragraphs: string[];
}

export interface BlogListResponse {
  status: string;
  data: BlogPostSummary[];
  Total: number;
  Page: number;
  Size: number;
}

export interface BlogPostResponse {
  status: string;
  data: BlogPostFull;
}

export interface ContentPage {
  Name: string;
  Title: string;
  Paragraphs: string[];
  UpdatedAt: string;
}

export interface ContentPageResponse {
  status: string;
  data: ContentPage;
}

export interface FaqEntry {
  Id: number;
  Question: string;
  Answer: string;
}

export interface FaqResponse {
  status: string;
  data: FaqEntry[];
}

export const BLOG_PAGE_SIZE = 12;

export const blogListUrl = (page: number, size = BLOG_PAGE_SIZE) => apiUrl('/blog', { page, size });
export const blogPostUrl = (slug: string) => `/api/client/v1/blog/${encodeURIComponent(slug)}`;
export const contentPageUrl = (name: 'about' | 'contact' | 'terms' | 'privacy') => `/api/client/v1/pages/${name}`;
export const faqUrl = () => '/api/client/v1/faq';
