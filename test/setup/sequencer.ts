/**
 * The order Vitest runs test files in. A worker that shares its modules is kept only while the next file is
 * of its project and wants its environment; mixed, the run started about 45 workers, each loading the AWS
 * SDK, the handlers or React again. So: the node-environment files that share modules, then the files that
 * need a fresh worker anyway (project `isolated`: node ones, then the others), then the other environment's
 * (happy-dom) shared files. Each shared worker changes environment once, and the isolated files, which start
 * slowly, no longer hold the run back at its start. Within each part Vitest's order stays (longest or largest
 * first). Decision 360.
 */
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const environmentOf = (spec: TestSpecification) =>
  /@vitest-environment\s+(\S+)/.exec(readFileSync(spec.moduleId, 'utf8').slice(0, 500))?.[1] ?? 'node';

const part = (spec: TestSpecification) => {
  const node = environmentOf(spec) === 'node';
  if (spec.project.config.isolate) return node ? 1 : 2;
  return node ? 0 : 3;
};

export default class EnvironmentSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array sort is stable: within a part Vitest's order stays.
    return sorted
      .map((spec) => ({ spec, part: part(spec) }))
      .sort((a, b) => a.part - b.part)
      .map((x) => x.spec);
  }
}
