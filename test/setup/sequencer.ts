/**
 * The order Vitest runs test files in: Vitest's own (longest or largest first), then every file of the node
 * environment before every file of another (happy-dom). A worker that shares its modules is kept only while
 * the next file wants the same environment; mixed, the run started about 45 workers, each loading the AWS
 * SDK, the handlers or React again. Grouped, each worker changes environment at most once (decision 360).
 */
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const environmentOf = (spec: TestSpecification) =>
  /@vitest-environment\s+(\S+)/.exec(readFileSync(spec.moduleId, 'utf8').slice(0, 500))?.[1] ?? 'node';

export default class EnvironmentSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => (environmentOf(spec) === 'node' ? 0 : 1);
    // Array sort is stable: within a project and an environment Vitest's order stays.
    return sorted
      .map((spec, index) => ({ spec, index, project: spec.project.name, rank: rank(spec) }))
      .sort((a, b) => (a.project === b.project ? a.rank - b.rank || a.index - b.index : a.index - b.index))
      .map((x) => x.spec);
  }
}
