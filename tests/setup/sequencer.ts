/**
 * Vitest's file order (vitest.config.ts `sequence.sequencer`), with one change: within a group
 * (`sequence.groupOrder`), the files of the projects in FIRST_PROJECTS come first. The pool hands
 * a group's files to its workers in this order, so emulators/start.test.ts (its own project,
 * about two minutes) starts at once in one of the e2e-alone group's two workers while the other
 * worker takes the alone browser files one after another; by Vitest's own order (projects by
 * name) it would wait behind them.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Projects whose files start first in their group. */
export const FIRST_PROJECTS: readonly string[] = ['emulators-alone'];

export default class FirstProjectsSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) => (FIRST_PROJECTS.includes(spec.project.name) ? 0 : 1);
    // Array.prototype.sort is stable: only the groups' heads change.
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        first(a) - first(b),
    );
  }
}
