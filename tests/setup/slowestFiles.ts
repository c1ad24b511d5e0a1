/**
 * A Vitest reporter (vitest.config.ts, beside the default one) that prints, at the end of a run,
 * the 15 test files that took longest: wall time from environment setup to the last hook
 * (environment, import and collection, tests and hooks), with the project's name and the share
 * spent in tests and hooks. The next slow file shows at once.
 */
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many files the table lists. */
export const SLOWEST_COUNT = 15;

/** A file's wall time in ms: environment, setup file, import and collection, tests and hooks. */
export function fileMs(module: TestModule): number {
  const d = module.diagnostic();
  return (
    d.environmentSetupDuration +
    d.prepareDuration +
    d.setupDuration +
    d.collectDuration +
    d.duration
  );
}

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length === 0) return;
    const slowest = [...modules].sort((a, b) => fileMs(b) - fileMs(a)).slice(0, SLOWEST_COUNT);
    const lines = slowest.map((module) => {
      const seconds = (fileMs(module) / 1000).toFixed(1).padStart(6);
      const tests = (module.diagnostic().duration / 1000).toFixed(1).padStart(6);
      const file = path.relative(process.cwd(), module.moduleId);
      return `  ${seconds} s ${tests} s  ${module.project.name.padEnd(11)} ${file}`;
    });
    console.log(
      [
        '',
        `Slowest ${slowest.length} test files (wall s, of which tests and hooks s, project, file):`,
        ...lines,
        '',
      ].join('\n'),
    );
  }
}
