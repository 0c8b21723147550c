/** Content reads (server/src/content): blog list and post, content pages, FAQ. */
import type { components } from '@/shared/api';
import { get } from '@/shared/api/resource';

type S = components['schemas'];
export type BlogPostSummary = S['BlogPostSummary'];
export type BlogListResponse = S['BlogListResponse'];

export const BLOG_PAGE_SIZE = 12;

export const listBlog = (page: number, size = BLOG_PAGE_SIZE) => get('/api/client/v1/blog', { query: { page, size } });
export const getBlogPost = (slug: string) => get('/api/client/v1/blog/{slug}', { path: { slug } });
export const getContentPage = (name: 'about' | 'contact' | 'terms' | 'privacy') => get('/api/client/v1/pages/{name}', { path: { name } });
export const getFaq = () => get('/api/client/v1/faq');
/** The shop's one record of contact details (name, phone, email, address, hours). */
export const getShopInfo = () => get('/api/client/v1/shop');
export type ShopInfo = S['ShopInfo'];
