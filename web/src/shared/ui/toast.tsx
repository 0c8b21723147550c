import { Toaster, type ToasterProps } from 'react-hot-toast';

/** Spec section 9: toasts at the bottom left, closing after 1000 ms. */
export const TOAST_DURATION_MS = 1000;

export const toasterProps = {
  position: 'bottom-left',
  reverseOrder: false,
  gutter: 8,
  // react-hot-toast places 'left' with flex-start, which an RTL page turns into the right side:
  // the container is laid out LTR, each toast's text stays RTL.
  containerStyle: { bottom: 80, direction: 'ltr' },
  toastOptions: {
    duration: TOAST_DURATION_MS,
    style: { fontFamily: 'inherit', direction: 'rtl', fontSize: '0.9rem' },
    ariaProps: { role: 'status', 'aria-live': 'polite' },
  },
} satisfies ToasterProps;

export function AppToaster() {
  return <Toaster {...toasterProps} />;
}
