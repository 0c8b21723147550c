import { addNamespace } from '@/shared/i18n';
import fa from './fa.json';

/** The settings pages' strings (back office: delivery, discount codes, plans, content), registered when their chunk loads. */
export const ns = addNamespace('settingsAdmin', fa);
