/**
 * The catalogue API (server/src/catalog/api.rs), PascalCase fields as the server's DTOs
 * write them. Reads go through `useResource`/`getJson` (lib/fetchJson.ts).
 */
import { apiUrl, type Query } from './lib/fetchJson';

export interface ImageDto {
  Src: string;
  Src2x: string;
  SrcSet: string;
  Alt: string;
  Width: number;
  Height: number;
}

export interface CategoryRef {
  Id: number;
  Slug: string;
  Name: string;
  /** `/shop/category/{slug}-{id}` */
  Url: string;
}

export type Condition = 'new' | 'used' | 'open-box';
export type Line = 'laptop' | 'tablet-laptop';

export interface ProductCard {
  Id: number;
  Uid: string;
  Name: string;
  Brand: string;
  BrandSlug: string;
  BrandFa: string;
  Model: string;
  Line: string;
  LineLabel: string;
  Condition: string;
  ConditionLabel: string;
  Price: number;
  PriceText: string;
  OldPrice?: number | null;
  DiscountPercent?: number | null;
  /** RFC 3339 end of the special offer. */
  SpecialEndsAt?: string | null;
  InStock: boolean;
  InsPayment: boolean;
  RamGb: number;
  StorageGb: number;
  StorageType: string;
  Cpu: string;
  CpuFamily: string;
  Gpu: string;
  ScreenInches: number;
  Image: ImageDto;
  Category?: CategoryRef | null;
  Url: string;
}

export interface Specs {
  Cpu: string;
  CpuFamily: string;
  RamGb: number;
  StorageGb: number;
  StorageType: string;
  Gpu: string;
  ScreenInches: number;
  ScreenResolution: string;
  WeightKg: number;
  BatteryWh: number;
  Ports: string[];
  Os: string;
}

export interface ConditionDetails {
  Grade?: string | null;
  BatteryHealth?: number | null;
  TestDays?: number | null;
}

export interface Variant {
  Id: number;
  Color: string;
  ColorHex: string;
  NameGaranti: string;
  PriceGaranti: number;
  Price: number;
  OldPrice?: number | null;
  Stock: number;
  InStock: boolean;
  InsPayment: boolean;
  Property: string;
  DG: string;
}

export interface SpecRow {
  Key: string;
  Label: string;
  Value: string;
}

export interface ProductDetail extends ProductCard {
  Description: string;
  Specs: Specs;
  SpecRows: SpecRow[];
  ConditionDetails?: ConditionDetails | null;
  Variants: Variant[];
  Images: ImageDto[];
  Breadcrumb: CategoryRef[];
}

export interface FacetValue {
  Value: string;
  Label: string;
  Count: number;
}

export interface Facets {
  Brands: FacetValue[];
  Conditions: FacetValue[];
  Lines: FacetValue[];
  Rams: FacetValue[];
  CpuFamilies: FacetValue[];
  PriceMin?: number | null;
  PriceMax?: number | null;
}

export interface ProductListResponse {
  status: string;
  data: ProductCard[];
  Total: number;
  Page: number;
  Size: number;
  Pages: number;
  Facets: Facets;
  Terms: string[];
}

export interface ProductResponse {
  status: string;
  data: ProductDetail;
  Related: ProductCard[];
}

export interface CategoryDto {
  Id: number;
  ParentId?: number | null;
  Slug: string;
  Name: string;
  Description: string;
  Url: string;
  Depth: number;
  Count: number;
  Image: ImageDto;
}

export interface CategoriesResponse {
  status: string;
  data: CategoryDto[];
}

export interface Suggestion {
  Uid: string;
  Name: string;
  Price: number;
  PriceText: string;
  Image: ImageDto;
  Url: string;
}

export interface SuggestResponse {
  status: string;
  data: Suggestion[];
  Terms: string[];
  Categories: CategoryRef[];
}

export interface CompareRow {
  Key: string;
  Label: string;
  Values: string[];
  Differs: boolean;
}

export interface CompareResponse {
  status: string;
  data: ProductDetail[];
  Rows: CompareRow[];
}

const BASE = '/catalog';

export const productsUrl = (q: Query) => apiUrl(`${BASE}/products`, q);
export const searchUrl = (q: Query) => apiUrl(`${BASE}/search`, q);
export const specialsUrl = (q: Query) => apiUrl(`${BASE}/specials`, q);
export const productUrl = (uid: string) => `/api/client/v1${BASE}/products/${encodeURIComponent(uid)}`;
export const categoriesUrl = () => `/api/client/v1${BASE}/categories`;
export const suggestUrl = (q: string) => apiUrl(`${BASE}/suggest`, { q });
export const compareUrl = (uids: string[]) => apiUrl(`${BASE}/compare`, { uids: uids.join(',') });
