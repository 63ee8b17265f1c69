import { statSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's order (sequence.groupOrder first, a file that failed last time next, then the longest first) but across
 * the projects of a group instead of one project after another: the fast lane's longest files, most of them
 * waiting on timers and notifications, start at once rather than after every shorter file of the projects whose
 * names sort first. A file without a recorded duration goes first, larger files first, as Vitest does.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = new Map(
      files.map((spec) => {
        const result = this.ctx.cache.getTestSpecificationResult(spec);
        const known = result ? result.duration : Number.POSITIVE_INFINITY;
        const size = result ? 0 : statSync(spec.moduleId).size;
        return [spec, { failed: result?.failed ?? false, known, size }] as const;
      }),
    );
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      const x = rank.get(a)!;
      const y = rank.get(b)!;
      if (x.failed !== y.failed) return x.failed ? -1 : 1;
      if (x.known !== y.known) return y.known - x.known;
      return y.size - x.size;
    });
  }
}
