/** The cart feature's public surface (the shell imports from here). */
export { cartAtom, cartCountAtom, emptyCart, followSession, type CartState } from './stores/cart';
export { loadCart } from './api/cart';
