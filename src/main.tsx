// Only the Bulma rules of the first paint and of the public pages (vite.config.ts trimBulma): the
// rest comes with the session's chunk (session.tsx) and the e-mail action screens.
import 'bulma/css/bulma.min.css?part=first';
import './app/boot.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { firstCatalogueScope } from './app/router';
import { detectLocale } from './app/i18n/locale';
import { prefetchFirstCatalogue } from './app/i18n/messages';

// The store and Firebase Auth are not started here: the router loads them with the first route
// that needs the session (src/app/session.tsx), so the public pages never download them.
//
// The words' request and the first render in a task of their own: on a phone (Lighthouse's 4x CPU
// slowdown) the entry's evaluation, the router's start (as its module was evaluated, router.tsx)
// and the first render in one task were most of the page's blocking time. The render is a
// transition, which React renders in slices of a few milliseconds instead of one task as long as
// the whole render. A timer, not a top-level await: the bundler gives up merging small chunks for
// a module graph with one (/login fetched more files). tests/integration/dist.test.ts
// checks the built entry. The words' request has a task of its own too: the import it starts runs
// Vite's preload helper, a long task of its own at 4x slowdown.
setTimeout(() => prefetchFirstCatalogue(detectLocale(), firstCatalogueScope));
setTimeout(() => {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
