/**
 * The address book calls: checkout (choosing and adding a delivery address) and the profile's
 * address book both use them. Every call answers with the whole book, default first.
 */
import { api, type components } from './client';
import { settle, type CallOutcome } from './outcome';

type S = components['schemas'];
export type Address = S['Address'];
export type AddressInput = S['AddressAddRequest'];

const book = (r: { data?: { data: Address[] }; error?: unknown; response: Response }) => ({ ...r, data: r.data?.data });

export function listAddresses(): Promise<CallOutcome<Address[]>> {
  return settle(async () => book(await api.POST('/api/client/v1/address/list')));
}

/** Adds an address; the answer is the new address's id and the whole book. */
export function addAddress(input: AddressInput): Promise<CallOutcome<{ id: number | null; book: Address[] }>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/address/add', { body: input });
    return { ...r, data: r.data ? { id: r.data.Id ?? null, book: r.data.data } : undefined };
  });
}

/** Replaces one of the caller's addresses (orders already registered keep their copy). */
export function editAddress(id: number, input: AddressInput): Promise<CallOutcome<Address[]>> {
  return settle(async () => book(await api.POST('/api/client/v1/address/edit', { body: { id, ...input } })));
}

export function deleteAddress(id: number): Promise<CallOutcome<Address[]>> {
  return settle(async () => book(await api.POST('/api/client/v1/address/delete', { body: { id } })));
}

export function setDefaultAddress(id: number): Promise<CallOutcome<Address[]>> {
  return settle(async () => book(await api.POST('/api/client/v1/address/default', { body: { id } })));
}
