import { installTrustedTypesPolicy } from './shared/security/trustedTypes';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import './shared/i18n';
import { App } from '@/app/App';

// Before any library touches the DOM (the server's CSP enforces Trusted Types).
installTrustedTypesPolicy();

const container = document.getElementById('root');
if (!container) throw new Error('root element missing');

const root = createRoot(container);
// A transition lets React render the first page in time slices instead of one long task
// (the static shell in index.html stays on screen meanwhile).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
