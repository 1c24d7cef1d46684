/** Renders the console's real route tree in a memory router, inside the real UI provider and i18n. */
import '@web/i18n.ts';
import { render } from '@testing-library/react';
import { UiProvider } from '@web/components/ui/provider.tsx';
import { toaster } from '@web/components/ui/toaster.tsx';
import { routes } from '@web/routes.tsx';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

export function renderConsole(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <UiProvider>
      <RouterProvider router={router} />
    </UiProvider>,
  );
  return { router, ...view, pathname: () => router.state.location.pathname };
}

/** Messages live in a module-wide toaster: one test's messages must not show in the next. */
export function clearMessages() {
  toaster.remove();
}
