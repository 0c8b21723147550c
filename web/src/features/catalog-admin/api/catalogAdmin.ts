/** The catalogue editor's calls (staff with the `catalogue` role); imported by the admin pages only. */
import { api, type components } from '@/shared/api/client';
import { settle, type CallOutcome } from '@/shared/api/outcome';

type S = components['schemas'];
export type ProductForm = S['AdminCatalogProductForm'];
export type VariantForm = S['AdminCatalogVariantForm'];
export type CategoryForm = S['AdminCatalogCategoryForm'];
export type AdminProduct = S['AdminCatalogProduct'];
export type AdminVariant = S['AdminCatalogVariant'];
export type AdminProductRow = S['AdminCatalogProductRow'];
export type AdminCategory = S['AdminCatalogCategory'];
export type ProductFilter = { q: string; category: number; condition: string; published: string; page: number };
export type ProductPage = { rows: AdminProductRow[]; total: number; perPage: number };

/** One page of the staff product list (drafts included). */
export function productList(f: ProductFilter): Promise<CallOutcome<ProductPage>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/catalog/product/list', { body: f });
    return { ...r, data: r.data ? { rows: r.data.data, total: r.data.total, perPage: r.data.per_page } : undefined };
  });
}

/** A product with its variants and version, for editing. */
export function productGet(uid: string): Promise<CallOutcome<AdminProduct>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/catalog/product/get', { body: { uid } });
    return { ...r, data: r.data?.data };
  });
}

/** Creates a product with its first variants (a draft unless `publish`). */
export function productCreate(product: ProductForm, variants: VariantForm[], publish: boolean): Promise<CallOutcome<AdminProduct>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/catalog/product/create', { body: { product, variants, publish } });
    return { ...r, data: r.data?.data };
  });
}

/** Saves the product's fields, made from `version` (409 when someone saved first). */
export function productUpdate(uid: string, version: number, product: ProductForm): Promise<CallOutcome<AdminProduct>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/catalog/product/update', { body: { uid, version, product } });
    return { ...r, data: r.data?.data };
  });
}

/** Publishes or unpublishes the product. */
export function productPublish(uid: string, version: number, published: boolean): Promise<CallOutcome<AdminProduct>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/catalog/product/publish', { body: { uid, version, published } });
    return { ...r, data: r.data?.data };
  });
}

/** Adds a variant to the product. */
export function variantAdd(uid: string, variant: VariantForm): Promise<CallOutcome<AdminProduct>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/catalog/variant/add', { body: { uid, variant } });
    return { ...r, data: r.data?.data };
  });
}

/** Saves a variant, made from `version`. */
export function variantUpdate(id: number, version: number, variant: VariantForm): Promise<CallOutcome<AdminProduct>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/catalog/variant/update', { body: { id, version, variant } });
    return { ...r, data: r.data?.data };
  });
}

/** Removes a variant (refused while a cart or an open order holds it). */
export function variantRemove(id: number, version: number): Promise<CallOutcome<AdminProduct>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/catalog/variant/remove', { body: { id, version } });
    return { ...r, data: r.data?.data };
  });
}

/** Every category. */
export function categoryList(): Promise<CallOutcome<AdminCategory[]>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/catalog/category/list', {});
    return { ...r, data: r.data?.data };
  });
}

/** Creates a category. */
export function categoryCreate(category: CategoryForm): Promise<CallOutcome<AdminCategory>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/catalog/category/create', { body: { category } });
    return { ...r, data: r.data?.data };
  });
}

/** Saves a category, made from `version`. */
export function categoryUpdate(id: number, version: number, category: CategoryForm): Promise<CallOutcome<AdminCategory>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/catalog/category/update', { body: { id, version, category } });
    return { ...r, data: r.data?.data };
  });
}
