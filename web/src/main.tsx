import { installTrustedTypesPolicy } from './shared/security/trustedTypes';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import './shared/i18n';
import { App } from '@/app/App';
import { firstPageReady } from '@/app/router';

// Before any library touches the DOM (the server's CSP enforces Trusted Types).
installTrustedTypesPolicy();

const container = document.getElementById('root');
if (!container) throw new Error('root element missing');

const root = createRoot(container);
// The first page's chunk comes first, so React's first commit is the page (the static shell in
// index.html stays on screen meanwhile). A transition lets React render it in time slices
// instead of one long task.
void firstPageReady(window.location.pathname).then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
