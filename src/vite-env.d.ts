/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN: string;
  readonly VITE_FIREBASE_PROJECT_ID: string;
  readonly VITE_FIREBASE_DATABASE_URL: string;
  readonly VITE_FIREBASE_STORAGE_BUCKET: string;
  readonly VITE_FIREBASE_APP_ID: string;
  readonly VITE_FIREBASE_MESSAGING_SENDER_ID: string;
  /** 'true' to use the local backend (emulator ports on VITE_EMULATOR_HOST). */
  readonly VITE_USE_EMULATORS?: string;
  readonly VITE_EMULATOR_HOST?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/**
 * Bulma's stylesheet in the two parts vite.config.ts's `trimBulma` serves (`?part=first`, the
 * entry's; `?part=rest`): side-effect imports, which TypeScript resolves like any other since 6.0.
 */
declare module 'bulma/css/bulma.min.css?part=*';
