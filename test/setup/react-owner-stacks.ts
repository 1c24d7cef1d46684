/**
 * Every test file: React's development build records an owner stack for each element it creates (an `Error`
 * captured per JSX element, up to 10,000 a second), only to print richer component stacks in its warnings.
 * In the DOM tests that was about a sixth of their CPU: each keystroke re-renders a form. The counter React
 * checks is held above its limit, so elements take React's shared placeholder stack instead; rendering,
 * effects and every warning stay as they were (docs/decisions/448-tests-in-minutes.md).
 */
import * as React from 'react';

type Internals = { recentlyCreatedOwnerStacks?: number };
const internals = (React as unknown as Record<string, Internals | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;

if (internals && 'recentlyCreatedOwnerStacks' in internals) {
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => 10_000,
    set: () => undefined,
  });
}
