/**
 * Kept pages (SPEC.md section 2, keepAlive '1'): once visited, a kept page stays mounted, hidden while
 * another page shows, so its filters, scroll and data survive a visit elsewhere. One instance per kept
 * route; every other route renders through the <Outlet> as usual.
 *
 * Hidden with `display: none` and its data requests paused (SWR's `isPaused`), not React's <Activity>: the
 * console runs on Preact's React layer (decision 431), which has no <Activity>, and a hidden page that
 * keeps polling the API would load it for nothing.
 */
import { useRouteHandle, type RouteHandle } from '@web/layout/route-handle.ts';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { SWRConfig } from 'swr';

type Kept = NonNullable<RouteHandle['kept']>;

function KeptPage({ shown, children }: { shown: boolean; children: ReactNode }) {
  const shownNow = useRef(shown);
  shownNow.current = shown;
  // One config object for the page's life: its requests ask it at fetch time whether the page shows.
  const paused = useMemo(() => ({ isPaused: () => !shownNow.current }), []);
  return (
    <div hidden={!shown} style={{ display: shown ? 'contents' : 'none' }}>
      <SWRConfig value={paused}>{children}</SWRConfig>
    </div>
  );
}

export function KeptPages() {
  const { kept } = useRouteHandle();
  const [visited, setVisited] = useState<Kept[]>([]);
  // Remember a newly visited kept page during render (React's "adjust state while rendering" pattern).
  if (kept && !visited.some((v) => v.key === kept.key)) setVisited([...visited, kept]);

  return (
    <>
      {visited.map(({ key, page: Page }) => (
        <KeptPage key={key} shown={kept?.key === key}>
          <Page />
        </KeptPage>
      ))}
      {kept ? null : <Outlet />}
    </>
  );
}
