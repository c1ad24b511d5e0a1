/**
 * Ends the entry's first task once the app's modules before the router have been evaluated (App.tsx
 * imports this module just before router.tsx), so that the router's start, which matches the
 * route and asks for its page's code, runs in a task of its own.
 *
 * Evaluating the entry was the longest task of a first load on a phone: 300-500 ms at Lighthouse's
 * 4x CPU slowdown, most of it after the first paint and so blocking time. The bundler keeps the
 * entry's modules in one file in evaluation order, so this top-level await holds back every module
 * evaluated after it (tests/integration/dist.test.ts checks the built entry); main.tsx ends one
 * more task before the first render.
 */
import { nextTask } from './nextTask';

await nextTask('startup: modules evaluated');
