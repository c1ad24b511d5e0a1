/**
 * A Vitest reporter (vitest.config.ts, beside the default one) that prints, at the end of a run,
 * the 15 test files that took longest: wall time from environment setup to the last hook
 * (environment, import and collection, tests and hooks), with the project's name and the share
 * spent in tests and hooks, then how many database trigger events the run made and how many
 * failed: the next slow file, or a backlog of events, shows at once.
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

/**
 * The local Database server's trigger counts (events queued, retried, dropped since it started:
 * emulators/database/functionTriggers.ts), or undefined when no backend runs.
 */
async function triggerCounts(): Promise<string | undefined> {
  const host = process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  if (!host) return undefined;
  try {
    const response = await fetch(`http://${host}/.settings/functionTriggerQueue.json`, {
      headers: { Authorization: 'Bearer owner' },
    });
    const { queued, retried, dropped } = (await response.json()) as Record<string, number>;
    return `Database trigger events: ${queued} queued, ${retried} attempts retried, ${dropped} dropped.`;
  } catch {
    return undefined;
  }
}

export default class SlowestFiles implements Reporter {
  async onTestRunEnd(modules: ReadonlyArray<TestModule>): Promise<void> {
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
        (await triggerCounts()) ?? '',
        '',
      ].join('\n'),
    );
  }
}
