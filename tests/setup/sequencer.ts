/**
 * Vitest's file order (vitest.config.ts `sequence.sequencer`), with two changes within a group
 * (`sequence.groupOrder`): the files of the projects in FIRST_PROJECTS come first, and a project
 * whose `include` lists files by name (no glob) runs them in that list's order. The pool hands a
 * group's files to its workers in this order: emulators/start.test.ts (its own project, about two
 * minutes) starts at once in one of the e2e-alone group's two workers while the other worker takes
 * the alone browser files one after another in the order vitest.config.ts gives them (by Vitest's
 * own order, projects by name, then the files by their last durations or sizes, start.test.ts
 * would wait behind them all).
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Projects whose files start first in their group. */
export const FIRST_PROJECTS: readonly string[] = ['emulators-alone'];

/** The spec's place in its project's `include` list, or -1 where that list does not name it. */
function listed(spec: TestSpecification): number {
  const { include, root } = spec.project.config;
  return include.indexOf(path.relative(root, spec.moduleId));
}

export default class FirstProjectsSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) => (FIRST_PROJECTS.includes(spec.project.name) ? 0 : 1);
    // Array.prototype.sort is stable: files Vitest ordered otherwise keep its order.
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        first(a) - first(b) ||
        (a.project.name === b.project.name ? listed(a) - listed(b) : 0),
    );
  }
}
