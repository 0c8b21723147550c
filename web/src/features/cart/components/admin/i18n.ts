import { addNamespace } from '@/shared/i18n';
import fa from './fa.json';

/** The back office's prepared-orders page's strings, registered when its chunk loads (the shopper's cart never carries them). */
export const ns = addNamespace('cartAdmin', fa);
