import { addNamespace } from '@/shared/i18n';
import fa from './fa.json';

/** The alerts feature's strings, registered when its code loads (they travel in its chunks). */
export const ns = addNamespace('alerts', fa);
