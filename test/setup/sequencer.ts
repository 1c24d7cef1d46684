/**
 * The order Vitest runs test files in. A worker that shares its modules is kept only while the next file
 * wants its environment; mixed, the run started about 45 workers, each loading the AWS SDK, the handlers or
 * React again. So the node-environment files come first, then the happy-dom ones: each worker changes
 * environment once. Within each part Vitest's order stays (longest or largest first). Decision 360.
 */
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const environmentOf = (spec: TestSpecification) =>
  /@vitest-environment\s+(\S+)/.exec(readFileSync(spec.moduleId, 'utf8').slice(0, 500))?.[1] ?? 'node';

export default class EnvironmentSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array sort is stable: within a part Vitest's order stays.
    return sorted
      .map((spec) => ({ spec, part: environmentOf(spec) === 'node' ? 0 : 1 }))
      .sort((a, b) => a.part - b.part)
      .map((x) => x.spec);
  }
}
