/**
 * Runs the firebase-tools CLI (its arguments follow this file's name) with the project's own
 * Realtime Database server registered as firebase-tools' Database emulator, so that its Functions
 * emulator treats the database as running: it registers every database trigger with that server
 * (`POST /.settings/functionTriggers.json`, again after each reload of the functions), gives the
 * functions FIREBASE_DATABASE_EMULATOR_HOST, and lists the database in the Emulator Hub. The Auth
 * emulator's request validators compile on first use (firebase-tools-validators.cjs).
 *
 * Why this way: firebase-tools delivers database triggers only while its registry knows a
 * Database emulator, and it can only start its own one, a Java 21 program (even with
 * DATABASE_EMULATOR_BINARY_PATH it runs `java -jar <path>`), which this project does without.
 * The registry (`lib/emulator/registry.js`) is the one place where firebase-tools records each
 * emulator it starts; registering ours there, before the CLI runs, is all it needs. Everything
 * else (the CLI, --only auth,functions, imports and exports) is unchanged: the database is not
 * in --only, so firebase-tools neither starts, stops, imports nor exports it.
 *
 * Environment: LOCAL_DATABASE_EMULATOR = "host:port" of the running server (required).
 * Checked by every test that waits for a trigger's work (tests/integration/tutor-index.test.ts,
 * stats.test.ts, ...), which fail if a firebase-tools upgrade moves the registry: this file then
 * exits at once, saying so.
 */
'use strict';
const path = require('node:path');
const { compileAuthValidatorsOnFirstUse } = require('./firebase-tools-validators.cjs');

const address = process.env.LOCAL_DATABASE_EMULATOR;
const match = /^(.+):(\d+)$/.exec(address ?? '');
if (!match) {
  console.error('LOCAL_DATABASE_EMULATOR must be "host:port" of the running Database server');
  process.exit(2);
}
const [, host, port] = match;

const toolsDir = path.dirname(require.resolve('firebase-tools/package.json'));
const { EmulatorRegistry } = require(path.join(toolsDir, 'lib/emulator/registry.js'));
const { Emulators } = require(path.join(toolsDir, 'lib/emulator/types.js'));
if (typeof EmulatorRegistry?.set !== 'function' || Emulators?.DATABASE !== 'database') {
  console.error('firebase-tools has no emulator registry where this launcher expects it');
  process.exit(2);
}

/** The running server as firebase-tools' EmulatorInstance: started and stopped by its owner. */
const projectDatabase = {
  start: async () => undefined,
  connect: async () => undefined,
  stop: async () => undefined,
  getName: () => Emulators.DATABASE,
  getInfo: () => ({ name: Emulators.DATABASE, host, port: Number(port), pid: process.pid }),
  getImportedNamespaces: () => [],
};
EmulatorRegistry.set(Emulators.DATABASE, projectDatabase);

if (!compileAuthValidatorsOnFirstUse(toolsDir)) {
  console.error(
    'firebase-tools-launcher: exegesis not found where firebase-tools 15 keeps it; the Auth ' +
      'emulator compiles all its validators at start (slower, not wrong)',
  );
}

require(path.join(toolsDir, 'lib/bin/firebase.js'));
