/** The console's routes, under the SPEC base path `/charge/`. Login, menus and the resource registry add theirs here. */
import { AppLayout } from '@web/layout/app-layout.tsx';
import { NotFoundPage } from '@web/pages/not-found-page.tsx';
import { RouteErrorPage } from '@web/pages/route-error-page.tsx';
import { StatusPage } from '@web/pages/status-page.tsx';
import { createBrowserRouter } from 'react-router-dom';

export const BASENAME = '/charge';

export const router = createBrowserRouter(
  [
    {
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <StatusPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
  { basename: BASENAME },
);
