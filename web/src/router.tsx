/**
 * The console's router: the routes of routes.tsx under the base path of docs/product.md section 2,
 * `/charge/`.
 */
import { BASE_PATH } from '@web/lib/base-path.ts';
import { routes } from '@web/routes.tsx';
import { createBrowserRouter } from 'react-router-dom';

export const BASENAME = BASE_PATH;

export const router = createBrowserRouter(routes, { basename: BASENAME });
