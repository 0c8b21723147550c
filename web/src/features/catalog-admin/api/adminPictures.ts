import { api, type components } from '@/shared/api/client';
import { settle, type CallOutcome } from '@/shared/api/outcome';

export type ProductPicture = components['schemas']['PictureView'];
export type ProductPictures = components['schemas']['PicturesResp'];

const asForm = (fd: FormData) => ({ body: fd as never, bodySerializer: (b: unknown) => b as FormData });
const path = (uid: string) => ({ params: { path: { uid } } });

/** A product's uploaded pictures in their order (role catalogue). */
export function listPictures(uid: string): Promise<CallOutcome<ProductPictures>> {
  return settle(() => api.POST('/api/admin/v1/catalog/products/{uid}/pictures/list', path(uid)));
}

/** Uploads one picture; answers the product's pictures after it. */
export function uploadPicture(uid: string, file: File): Promise<CallOutcome<ProductPictures>> {
  const fd = new FormData();
  fd.append('file', file, file.name);
  return settle(() => api.POST('/api/admin/v1/catalog/products/{uid}/pictures/upload', { ...path(uid), ...asForm(fd) }));
}

/** Saves the order (every picture id once) and the main picture. */
export function arrangePictures(uid: string, order: number[], main: number): Promise<CallOutcome<ProductPictures>> {
  return settle(() => api.POST('/api/admin/v1/catalog/products/{uid}/pictures/arrange', { ...path(uid), body: { order, main } }));
}

/** Removes one picture. */
export function deletePicture(uid: string, id: number): Promise<CallOutcome<ProductPictures>> {
  return settle(() => api.POST('/api/admin/v1/catalog/products/{uid}/pictures/delete', { ...path(uid), body: { id } }));
}
