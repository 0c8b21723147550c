import { addNamespace } from '@/shared/i18n';
import fa from './fa.json';

/** The reviews feature's strings, registered when its code loads (its own chunk). */
export const ns = addNamespace('reviews', fa);
