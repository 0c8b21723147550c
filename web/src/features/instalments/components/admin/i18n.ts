import { addNamespace } from '@/shared/i18n';
import fa from './fa.json';

/** The back office's overdue-instalments page's strings, registered when its chunk loads. */
export const ns = addNamespace('instalmentsAdmin', fa);
