/**
 * Kept pages (docs/decisions/320-console-shell-and-kept-pages.md): once visited, a kept page stays mounted,
 * hidden with React 19's <Activity>, so its filters, scroll and data survive a visit elsewhere. A hidden
 * Activity has its effects cleaned up, so a hidden page's SWR polling stops, and starts again when it shows.
 * One instance per kept route; every other route renders through the <Outlet> as usual.
 */
import { useRouteHandle, type RouteHandle } from '@web/layout/route-handle.ts';
import { Activity, useState } from 'react';
import { Outlet } from 'react-router-dom';

type Kept = NonNullable<RouteHandle['kept']>;

export function KeptPages() {
  const { kept } = useRouteHandle();
  const [visited, setVisited] = useState<Kept[]>([]);
  // Remember a newly visited kept page during render (React's "adjust state while rendering" pattern).
  if (kept && !visited.some((v) => v.key === kept.key)) setVisited([...visited, kept]);

  return (
    <>
      {visited.map(({ key, page: Page }) => (
        <Activity key={key} mode={kept?.key === key ? 'visible' : 'hidden'}>
          <Page />
        </Activity>
      ))}
      {kept ? null : <Outlet />}
    </>
  );
}
