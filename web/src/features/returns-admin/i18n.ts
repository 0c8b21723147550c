import { addNamespace } from '@/shared/i18n';
import fa from './fa.json';

/** The back office's returns page strings, registered when its chunk loads. */
export const ns = addNamespace('returnsAdmin', fa);
