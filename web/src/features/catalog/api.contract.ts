/**
 * Compile-time check that the hand-written response types (api.ts, content/api.ts) accept what
 * the OpenAPI contract says the server sends (src/shared/api/schema.d.ts, generated from
 * openapi/openapi.json by `npm run gen:api`): a server change that breaks them fails `tsc`.
 */
import type { components } from '@/shared/api';
import type * as C from './api';
import type * as T from '@/features/content/api';

type S = components['schemas'];
type Accepts<Mine, Theirs extends Mine> = Theirs;

export type ContractChecks = [
  Accepts<C.ProductListResponse, S['ProductListResponse']>,
  Accepts<C.ProductResponse, S['ProductResponse']>,
  Accepts<C.CategoriesResponse, S['CategoriesResponse']>,
  Accepts<C.SuggestResponse, S['SuggestResponse']>,
  Accepts<C.CompareResponse, S['CompareResponse']>,
  Accepts<T.BlogListResponse, S['BlogListResponse']>,
  Accepts<T.BlogPostResponse, S['BlogPostResponse']>,
  Accepts<T.ContentPageResponse, S['ContentPageResponse']>,
  Accepts<T.FaqResponse, S['FaqResponse']>,
];
