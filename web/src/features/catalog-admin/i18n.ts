import { addNamespace } from '@/shared/i18n';
import fa from './fa.json';

/** The catalogue editor's strings (back office), registered when one of its pages loads. */
export const ns = addNamespace('catalogAdmin', fa);
