/** /status: the platform status, public (no login needed), in the plain frame. */
import { PlainFrame } from '@web/layout/plain-frame.tsx';
import { StatusPage } from '@web/pages/status-page.tsx';

export function PublicStatusPage() {
  return (
    <PlainFrame>
      <StatusPage />
    </PlainFrame>
  );
}
