import { addNamespace } from '@/shared/i18n';
import fa from './fa.json';

/** The staff feature's strings (back office: who may use it), registered when its chunk loads. */
export const ns = addNamespace('staff', fa);
