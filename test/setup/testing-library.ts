/**
 * Component tests wait for what the screen shows with Testing Library's `findBy…` and `waitFor`. Their default
 * deadline (1 s) is a fixed time, which a busy machine misses; the deadline is generous instead, and a test
 * that passes goes on as soon as the screen shows what it waits for (docs/testing.md).
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 15_000 });
