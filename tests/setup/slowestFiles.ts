/**
 * A Vitest reporter (vitest.config.ts, beside the default one) that prints, at the end of a run,
 * the 15 test files that took longest: wall time from environment setup to the last hook
 * (environment, import and collection, tests and hooks), with the project's name and the share
 * spent in tests and hooks, then how many database trigger events the run made and how many
 * failed: the next slow file, or a backlog of events, shows at once. It also prints each project's
 * wall span (its first file's start to its last file's end) and how busy the machine's CPUs were
 * over the run: a run whose CPUs are busy nearly all the time is shortened only by less work,
 * one with idle CPUs by more overlap.
 */
import { readFileSync } from 'node:fs';
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

/** The machine's CPU time counters in clock ticks (Linux `/proc/stat`), or undefined elsewhere. */
export function cpuTicks(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, ...fields] = line.trim().split(/\s+/);
    const ticks = fields.map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are the CPUs' idle time.
    const total = ticks.slice(0, 8).reduce((sum, t) => sum + t, 0);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/**
 * Each project's wall span in ms, from the first of its files to start to the last to end, with
 * its file count and its first start (epoch ms), in the order the projects started.
 */
export function projectSpans(
  starts: ReadonlyMap<TestModule, number>,
  ends: ReadonlyMap<TestModule, number>,
): { project: string; ms: number; files: number; start: number }[] {
  const spans = new Map<string, { start: number; end: number; files: number }>();
  for (const [module, start] of starts) {
    const end = ends.get(module) ?? start;
    const name = module.project.name;
    const span = spans.get(name);
    if (span) {
      span.start = Math.min(span.start, start);
      span.end = Math.max(span.end, end);
      span.files++;
    } else spans.set(name, { start, end, files: 1 });
  }
  return [...spans]
    .sort(([, a], [, b]) => a.start - b.start)
    .map(([project, { start, end, files }]) => ({ project, ms: end - start, files, start }));
}

export default class SlowestFiles implements Reporter {
  private readonly starts = new Map<TestModule, number>();
  private readonly ends = new Map<TestModule, number>();
  private cpuAtStart = cpuTicks();
  private runStart = Date.now();

  onTestRunStart(): void {
    this.cpuAtStart = cpuTicks();
    this.runStart = Date.now();
  }

  onTestModuleStart(module: TestModule): void {
    this.starts.set(module, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    this.ends.set(module, Date.now());
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>): Promise<void> {
    if (modules.length === 0) return;
    // Where each span lies in the run shows the time between groups too (waits on a build, the
    // last file of a group running while the other workers are idle).
    const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
    const spans = projectSpans(this.starts, this.ends).map(
      ({ project, ms, files, start }) =>
        `  ${seconds(ms)} s  ${project.padEnd(17)} ${String(files).padStart(3)} files, ` +
        `from ${seconds(start - this.runStart)} s to ${seconds(start - this.runStart + ms)} s`,
    );
    const cpuNow = cpuTicks();
    const busy =
      this.cpuAtStart && cpuNow && cpuNow.total > this.cpuAtStart.total
        ? `CPUs busy ${Math.round((100 * (cpuNow.busy - this.cpuAtStart.busy)) / (cpuNow.total - this.cpuAtStart.total))}% of the run (all processes of the machine).`
        : '';
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
        `Projects (wall s from first file start to last file end; the run's end at ${(
          (Date.now() - this.runStart) /
          1000
        ).toFixed(1)} s):`,
        ...spans,
        busy,
        (await triggerCounts()) ?? '',
        '',
      ].join('\n'),
    );
  }
}
