export {
  loadingAtom,
  loginModalAtom,
  chatModalAtom,
  userAgentAtom,
  pageReadyAtom,
  overlayAtom,
  mobileDeviceAtom,
} from './ui';
