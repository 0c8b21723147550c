import { addNamespace } from '@/shared/i18n';
import fa from './fa.json';

/** The product pictures panel's strings, registered when its chunk loads: the shopper's pages never carry them. */
export const ns = addNamespace('catalogPictures', fa);
