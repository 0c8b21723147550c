import { addNamespace } from '@/shared/i18n';
import fa from './fa.json';

/** The audit log's strings, registered when its chunk loads. */
export const ns = addNamespace('audit', fa);
