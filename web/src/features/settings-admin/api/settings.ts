import { api, type components } from '@/shared/api/client';
import { settle, type CallOutcome } from '@/shared/api/outcome';

export type DeliveryOption = components['schemas']['DeliveryAdminOption'];
export type DeliverySave = components['schemas']['DeliverySaveReq'];
export type DiscountCode = components['schemas']['DiscountAdminCode'];
export type DiscountSave = components['schemas']['DiscountSaveReq'];
export type Plan = components['schemas']['InstalmentPlanAdmin'];
export type PlanSave = components['schemas']['PlanSaveReq'];
export type BlogPost = components['schemas']['BlogPostAdmin'];
export type BlogSave = components['schemas']['BlogSaveReq'];
export type ContentPage = components['schemas']['ContentPageAdmin'];
export type PageSave = components['schemas']['PageSaveReq'];
export type FaqEntry = components['schemas']['FaqAdmin'];
export type FaqSave = components['schemas']['FaqSaveReq'];

/** A switch of a record on or off, made from the version the list showed. */
export interface ActiveChange {
  id: number;
  version: number;
  active: boolean;
}

export function deliveryList(): Promise<CallOutcome<DeliveryOption[]>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/delivery/list');
    return { ...r, data: r.data?.data };
  });
}

export function saveDelivery(body: DeliverySave): Promise<CallOutcome<DeliveryOption>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/delivery/save', { body });
    return { ...r, data: r.data?.data };
  });
}

export function setDeliveryActive(body: ActiveChange): Promise<CallOutcome<DeliveryOption>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/delivery/active', { body });
    return { ...r, data: r.data?.data };
  });
}

export function discountList(page: number, q: string): Promise<CallOutcome<{ codes: DiscountCode[]; total: number; perPage: number }>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/discount/list', { body: { page, q } });
    return { ...r, data: r.data ? { codes: r.data.data, total: r.data.total, perPage: r.data.per_page } : undefined };
  });
}

export function saveDiscount(body: DiscountSave): Promise<CallOutcome<DiscountCode>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/discount/save', { body });
    return { ...r, data: r.data?.data };
  });
}

export function setDiscountActive(body: ActiveChange): Promise<CallOutcome<DiscountCode>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/discount/active', { body });
    return { ...r, data: r.data?.data };
  });
}

export function planList(): Promise<CallOutcome<Plan[]>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/instalment/plan/list');
    return { ...r, data: r.data?.data };
  });
}

export function savePlan(body: PlanSave): Promise<CallOutcome<Plan>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/instalment/plan/save', { body });
    return { ...r, data: r.data?.data };
  });
}

export function setPlanActive(body: ActiveChange): Promise<CallOutcome<Plan>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/instalment/plan/active', { body });
    return { ...r, data: r.data?.data };
  });
}

export function blogList(page: number): Promise<CallOutcome<{ posts: BlogPost[]; total: number; perPage: number }>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/content/blog/list', { body: { page } });
    return { ...r, data: r.data ? { posts: r.data.data, total: r.data.total, perPage: r.data.per_page } : undefined };
  });
}

export function saveBlog(body: BlogSave): Promise<CallOutcome<BlogPost>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/content/blog/save', { body });
    return { ...r, data: r.data?.data };
  });
}

/** Uploads a post's cover (one picture), made from `version`. */
export function uploadCover(id: number, version: number, file: File): Promise<CallOutcome<BlogPost>> {
  return settle(async () => {
    const form = new FormData();
    form.append('id', String(id));
    form.append('version', String(version));
    form.append('file', file, file.name);
    // openapi-fetch sends a FormData body as it is (the browser writes the multipart boundary).
    const r = await api.POST('/api/admin/v1/content/blog/cover', { body: form as never, bodySerializer: (b: unknown) => b as FormData });
    return { ...r, data: r.data?.data };
  });
}

export function pageList(): Promise<CallOutcome<ContentPage[]>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/content/page/list');
    return { ...r, data: r.data?.data };
  });
}

export function savePage(body: PageSave): Promise<CallOutcome<ContentPage>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/content/page/save', { body });
    return { ...r, data: r.data?.data };
  });
}

export function faqList(): Promise<CallOutcome<FaqEntry[]>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/content/faq/list');
    return { ...r, data: r.data?.data };
  });
}

export function saveFaq(body: FaqSave): Promise<CallOutcome<FaqEntry>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/content/faq/save', { body });
    return { ...r, data: r.data?.data };
  });
}

export function removeFaq(id: number, version: number): Promise<CallOutcome<FaqEntry>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/content/faq/remove', { body: { id, version } });
    return { ...r, data: r.data?.data };
  });
}

/** The storefront's HTML for `markdown` (the server's one renderer: raw HTML escaped). */
export function preview(markdown: string): Promise<CallOutcome<string>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/content/preview', { body: { markdown } });
    return { ...r, data: r.data?.html };
  });
}
