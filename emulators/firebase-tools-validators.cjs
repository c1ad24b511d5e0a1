/**
 * firebase-tools' Auth emulator serves its REST API (Identity Toolkit's) from an OpenAPI document
 * through exegesis, which by default compiles an ajv validator for the request and the response
 * of every operation while the emulator starts: most of the Auth emulator's start-up CPU, for the
 * hundred-odd operations of which a session uses a handful (docs/performance.md, "The Auth
 * emulator's validators"). exegesis compiles each validator on its first use instead when its
 * option `lazyCompileValidationSchemas` is set (exegesis's options.js); firebase-tools does not set
 * it. What is validated, and every answer, stay the same: the same schemas, compiled later.
 *
 * Used by firebase-tools-launcher.cjs; checked by firebase-tools-validators.test.ts and, on the
 * running emulator, by tests/integration/authEmulator.test.ts.
 */
'use strict';
const path = require('node:path');

/**
 * Makes `lazyCompileValidationSchemas: true` the default of the exegesis that firebase-tools
 * (the package in `toolsDir`) loads through exegesis-express, in this process; an explicit value
 * given to exegesis still wins. Call it before firebase-tools starts its Auth emulator. Calling it
 * again changes nothing.
 *
 * @param {string} toolsDir firebase-tools' package directory
 * @returns {boolean} true when exegesis now compiles on first use; false, with nothing changed,
 *   when exegesis is not where firebase-tools keeps it or its options module has another shape
 *   (the emulator then compiles at start, as firebase-tools does by itself: slower, not wrong)
 */
function compileAuthValidatorsOnFirstUse(toolsDir) {
  let options;
  try {
    const express = require.resolve('exegesis-express/package.json', { paths: [toolsDir] });
    const exegesis = require.resolve('exegesis/package.json', { paths: [path.dirname(express)] });
    options = require(path.join(path.dirname(exegesis), 'lib/options.js'));
  } catch {
    return false;
  }
  const compile = options && options.compileOptions;
  if (typeof compile !== 'function') return false;
  if (compile.validatorsOnFirstUse) return true;
  const onFirstUse = (given) => compile({ lazyCompileValidationSchemas: true, ...given });
  onFirstUse.validatorsOnFirstUse = true;
  // exegesis calls `options_1.compileOptions(...)` through the module's exports at each use.
  options.compileOptions = onFirstUse;
  return true;
}

module.exports = { compileAuthValidatorsOnFirstUse };
