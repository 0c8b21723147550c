import { addNamespace } from '@/shared/i18n';
import fa from './fa.json';

/** The bulk prices page's strings, registered when its chunk loads: the shopper's catalogue pages never carry them. */
export const ns = addNamespace('catalogPrices', fa);
