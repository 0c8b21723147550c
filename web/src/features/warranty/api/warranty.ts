/** The warranty and official invoice calls (customer side). */
import { api, type components } from '@/shared/api/client';
import { settle, type CallOutcome } from '@/shared/api/outcome';

type S = components['schemas'];
export type WarrantyUnit = S['WarrantyUnit'];
export type WarrantyClaim = S['WarrantyClaimItem'];
export type OfficialInvoice = S['OfficialInvoiceItem'];
export type OfficialInvoiceValues = {
  buyer_type: string;
  legal_name: string;
  national_id: string;
  company_id: string;
  economic_code: string;
  postal_code: string;
};

/** Every shipped unit of one of the caller's orders, with its warranty and latest claim. */
export function warrantyUnits(code: string): Promise<CallOutcome<WarrantyUnit[]>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/warranty/units', { body: { code } });
    return { ...r, data: r.data?.data };
  });
}

/** Opens a warranty claim on one unit. */
export function openClaim(unitId: number, message: string): Promise<CallOutcome<WarrantyClaim>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/warranty/claim', { body: { unit_id: unitId, message } });
    return { ...r, data: r.data?.data };
  });
}

/** The official invoice's buyer of an order, or null when none was asked for. */
export function officialInvoice(code: string): Promise<CallOutcome<OfficialInvoice | null>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/official-invoice/show', { body: { code } });
    return { ...r, data: r.data ? (r.data.data ?? null) : undefined };
  });
}

/** Asks for (or corrects) the official invoice of an order. */
export function saveOfficialInvoice(code: string, v: OfficialInvoiceValues): Promise<CallOutcome<OfficialInvoice>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/official-invoice/save', { body: { code, ...v } });
    return { ...r, data: r.data?.data ?? undefined };
  });
}
