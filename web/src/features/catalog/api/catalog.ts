/**
 * The catalogue reads (server/src/catalog), typed from the OpenAPI contract
 * (src/shared/api/schema.d.ts): PascalCase fields as the server's DTOs write them.
 */
import type { components } from '@/shared/api';
import { get, type GetQuery } from '@/shared/api/resource';

type S = components['schemas'];
export type ImageDto = S['ImageDto'];
export type CategoryRef = S['CategoryRef'];
export type ProductCard = S['ProductCard'];
export type ProductDetail = S['ProductDetail'];
export type Variant = S['VariantDto'];
export type SpecRow = S['SpecRow'];
export type FacetValue = S['FacetValue'];
export type Facets = S['Facets'];
export type ProductListResponse = S['ProductListResponse'];
export type ProductResponse = S['ProductResponse'];
export type CategoryDto = S['CategoryDto'];
export type CompareResponse = S['CompareResponse'];

/** A list query: the search call's parameters, a superset of the others'. */
export type ListQuery = GetQuery<'/api/client/v1/catalog/search'>;

export const listProducts = (q: ListQuery) => get('/api/client/v1/catalog/products', { query: q });
export const searchProducts = (q: ListQuery) => get('/api/client/v1/catalog/search', { query: q });
export const listSpecials = (q: ListQuery) => get('/api/client/v1/catalog/specials', { query: q });
export const getProduct = (uid: string) => get('/api/client/v1/catalog/products/{uid}', { path: { uid } });
export type PriceHistory = S['PriceHistory'];
/** A variant's last 90 days of prices (the product page loads it when the section comes near). */
export const getPriceHistory = (uid: string, variant: number) =>
  get('/api/client/v1/catalog/products/{uid}/price-history', { path: { uid }, query: { variant } });
export const listCategories = () => get('/api/client/v1/catalog/categories');
/** Suggestions are asked for once typing pauses this long (header box and mobile search). */
export const SUGGEST_DEBOUNCE_MS = 250;
export const suggestions = (q: string) => get('/api/client/v1/catalog/suggest', { query: { q } });
export const bestsellers = (size = 8) => get('/api/client/v1/catalog/bestsellers', { query: { size } });
export const compareProducts = (uids: string[]) => get('/api/client/v1/catalog/compare', { query: { uids: uids.join(',') } });
