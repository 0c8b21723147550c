import { addNamespace } from '@/shared/i18n';
import fa from './fa.json';

/** The warranty feature's strings, registered when its code loads. */
export const ns = addNamespace('warranty', fa);
