/** The favourites calls: every one is the caller's own list (bearer token). */
import { api, type components } from '@/shared/api';
import { settle, type CallOutcome } from '@/shared/api/outcome';

type S = components['schemas'];
export type Favourite = S['Favourite'];
export type FavouritePage = S['FavouriteListResponse'];

const uids = (r: { data?: { uids: string[] }; error?: unknown; response: Response }) => ({ ...r, data: r.data?.uids });

/** Every product uid the caller hearted. */
export function favouriteIds(): Promise<CallOutcome<string[]>> {
  return settle(async () => uids(await api.POST('/api/client/v1/favourite/ids')));
}

export function addFavourite(uid: string): Promise<CallOutcome<string[]>> {
  return settle(async () => uids(await api.POST('/api/client/v1/favourite/add', { body: { uid } })));
}

export function removeFavourite(uid: string): Promise<CallOutcome<string[]>> {
  return settle(async () => uids(await api.POST('/api/client/v1/favourite/remove', { body: { uid } })));
}

/** Moves the hearts kept in this browser into the account (repeats and unknown ids are harmless). */
export function mergeFavourites(list: string[]): Promise<CallOutcome<string[]>> {
  return settle(async () => uids(await api.POST('/api/client/v1/favourite/merge', { body: { uids: list } })));
}

export function listFavourites(page: number, size: number): Promise<CallOutcome<FavouritePage>> {
  return settle(() => api.POST('/api/client/v1/favourite/list', { body: { page, size } }));
}
