import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'bulma/css/bulma.min.css';
import './app/styles.css';
import { App } from './app/App';
import { store, whenSessionRestored } from './app/store';
import { startSessionListener } from './features/auth/sessionListener';

// Follows Firebase Auth only once the persisted session is back from IndexedDB, so the restored
// session is compared with (and refreshed from) what Auth reports, never overwritten by the
// rehydration afterwards.
whenSessionRestored(store, () => startSessionListener(store));

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
