/** The discount codes the signed-in customer may use (`discount/list`). */
import { api, type components } from '@/shared/api';
import { settle, type CallOutcome } from '@/shared/api/outcome';

export type DiscountItem = components['schemas']['DiscountItem'];

export function listDiscounts(): Promise<CallOutcome<DiscountItem[]>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/discount/list');
    return { ...r, data: r.data?.data };
  });
}
