import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { resetHttp } from '@/shared/api/http';
import { resetFirstInteraction } from '@/shared/lib/firstInteraction';
import { loadToaster } from '@/shared/ui/toast';
import { installTestIntersectionObserver } from './intersection';

// The machine running the suite is shared and busy: lazy route chunks can take a while.
configure({ asyncUtilTimeout: 10_000 });

// The app loads the toast library on the first interaction or toast; tests load it up front, so a
// toast shows in the same act() as the action that raised it (ui/toast.test.tsx covers the lazy path).
beforeAll(async () => {
  await loadToaster();
});

afterEach(() => {
  cleanup();
  // The HTTP hooks are module state: a test's session wiring must not reach the next test.
  resetHttp();
  resetFirstInteraction();
  sessionStorage.clear();
  localStorage.clear();
});

// The shell opens the chat socket whenever someone is signed in; tests that do not play the
// chat server (features/messages tests do, through chatSocketImplAtom) get a socket that never
// connects, instead of jsdom's real one dialling a port nobody listens on.
class SilentSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  send() {}
  close() {
    this.readyState = 3;
  }
}
(globalThis as unknown as { WebSocket: unknown }).WebSocket = SilentSocket;

// jsdom lacks these browser APIs the shell uses.
installTestIntersectionObserver();
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = () => {};
