import { addNamespace } from '@/shared/i18n';
import fa from './fa.json';

/** The back office's money pages' strings (refunds, payments never verified), registered when their chunk loads: the shopper's order pages never carry them. */
export const ns = addNamespace('ordersMoney', fa);
