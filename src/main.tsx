import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Only the Bulma rules of the first paint and of the public pages (vite.config.ts trimBulma): the
// rest comes with the session's chunk (session.tsx) and the e-mail action screens.
import 'bulma/css/bulma.min.css?part=first';
import './app/boot.css';
import { App } from './app/App';
import { firstCatalogueScope } from './app/router';
import { detectLocale } from './app/i18n/locale';
import { prefetchFirstCatalogue } from './app/i18n/messages';

// The store and Firebase Auth are not started here: the router loads them with the first route
// that needs the session (src/app/session.tsx), so the public pages never download them.
prefetchFirstCatalogue(detectLocale(), firstCatalogueScope);
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
