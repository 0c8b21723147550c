import { addNamespace } from '@/shared/i18n';
import fa from './fa.json';

/** The customers pages' strings (back office), registered when their chunk loads. */
export const ns = addNamespace('customers', fa);
