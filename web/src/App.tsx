import { UiProvider } from '@web/components/ui/provider.tsx';
import { router } from '@web/router.tsx';
import { RouterProvider } from 'react-router-dom';

export function App() {
  return (
    <UiProvider>
      <RouterProvider router={router} />
    </UiProvider>
  );
}
