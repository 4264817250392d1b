import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { watchKeyboard } from './components/KeyHint.tsx';
import { startLooks } from './lib/looks.ts';
import './styles.css';
import './polish.css';
import './themes.css';

watchKeyboard();
startLooks();
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (built by vite-plugin-pwa) makes the game installable and shows an offline
// page without a network. Registered after load so it never competes with the first paint; the
// worker script itself is always checked again, so a new deploy takes over on the next visit.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/', updateViaCache: 'none' })
      // Refused (private mode, an insecure origin): the game still plays, it just does not install.
      .catch(() => undefined);
  });
}
