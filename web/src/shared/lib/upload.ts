import type { Core } from '@/shared/core';
// How many leading bytes the core's upload rule reads (`SIGNATURE_BYTES`, generated).
import { SIGNATURE_BYTES as HEAD_BYTES } from '@/shared/core/constants.generated';

function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });
}

/** The core's upload rule on a chosen file (size, empty, extension, first bytes): its message, or null. */
export async function checkUpload(core: Core, label: string, file: File): Promise<string | null> {
  const head = Array.from(new Uint8Array(await readBytes(file.slice(0, HEAD_BYTES))));
  const out = core.validateUpload(label, file.name, file.size, head);
  return 'err' in out && out.err !== undefined ? out.err : null;
}
