/**
 * Java-free local Firebase Realtime Database server: WebSocket protocol for the web and admin
 * SDKs, security rules, REST API, import/export. See server.ts for the options and lifecycle.
 */
export {
  startDatabaseEmulator,
  type DatabaseEmulator,
  type DatabaseEmulatorOptions,
} from './server.js';
