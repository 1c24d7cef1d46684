/**
 * /subsplan (docs/product.md section 2): the subscription wizard, which the main layout sends a company
 * without a subscription to. Guard: no stored user → login; no agentId or subStatus not 0 → the console
 * (/charge/); otherwise the operator detail is loaded by agentId. The guard is decided once on entry: paying
 * clears the stored user, and the success dialog must stay until it is confirmed.
 */
import '@web/lib/zod-config.ts';
import { logout } from '@web/auth/logout.ts';
import { storedUser } from '@web/auth/session.ts';
import { PlainFrame } from '@web/layout/plain-frame.tsx';
import { needsSubscription } from '@web/layout/use-console-session.ts';
import { SubscriptionWizard } from '@web/pages/subscription/subscription-wizard.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';

export function SubscriptionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [user] = useState(storedUser);
  if (!user) return <Navigate to="/login" replace />;
  if (!needsSubscription(user)) return <Navigate to="/" replace />;
  return (
    <PlainFrame
      title={t('shell.titles.subsplan')}
      onLogout={() => void logout().then(() => navigate('/login', { replace: true }))}
    >
      <SubscriptionWizard agentId={String(user.agentId)} />
    </PlainFrame>
  );
}
