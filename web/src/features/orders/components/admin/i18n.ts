import { addNamespace } from '@/shared/i18n';
import fa from './fa.json';

/**
 * The back office's order strings: their own namespace, registered when an admin order page
 * loads, so the customer's order pages (same feature) carry none of them.
 */
export const ns = addNamespace('ordersAdmin', fa);
