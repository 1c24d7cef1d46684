/**
 * /vehicle/dashbord (route spelled as in SPEC.md): where a fleet login lands. The dashboard itself comes
 * with the fleet issue; until then the fleet administrator sees that, and can log out.
 */
import { logout } from '@web/auth/logout.ts';
import { PlainFrame } from '@web/layout/plain-frame.tsx';
import { NotAvailablePage } from '@web/pages/not-available-page.tsx';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export function FleetDashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PlainFrame
      title={t('shell.titles.fleetDashboard')}
      onLogout={() => void logout().then(() => navigate('/login', { replace: true }))}
    >
      <NotAvailablePage titleKey="shell.titles.fleetDashboard" />
    </PlainFrame>
  );
}
