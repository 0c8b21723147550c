import { addNamespace } from '@/shared/i18n';
import fa from './fa.json';

/** The dashboard's strings (back office), registered when its chunk loads. */
export const ns = addNamespace('dashboard', fa);
