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
import { nextTask } from './app/startup/nextTask';

// Each step of the start in a task of its own (see app/startup/beforeRouter.ts: a task over 50 ms
// on a phone's CPU is blocking time): the router has started as its module was evaluated, then the
// words are asked for, then the first render.
await nextTask('startup: router started');
// The store and Firebase Auth are not started here: the router loads them with the first route
// that needs the session (src/app/session.tsx), so the public pages never download them.
prefetchFirstCatalogue(detectLocale(), firstCatalogueScope);
await nextTask('startup: words requested');
// A transition: React renders it in slices of a few milliseconds between which the browser can
// run other work, instead of one task as long as the whole render (on a phone's slower CPU a task
// over 50 ms is blocking time).
const root = createRoot(document.getElementById('root') as HTMLElement);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
