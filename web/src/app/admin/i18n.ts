import { addNamespace } from '@/shared/i18n';
import fa from './fa.json';

/** The back office shell's strings: they travel in the admin chunk, not in the shopper's pages. */
export const ns = addNamespace('admin', fa);
