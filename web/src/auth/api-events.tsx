/**
 * Shows the request helper's failures (docs/product.md section 8) and runs the session-expiry flow. Rendered
 * once at the root of the route tree, so it can navigate.
 *
 * 401: "Login failed, please login again"; when that message closes, exactly SESSION_KEYS are cleared, the
 * session is marked unauthenticated and the user goes to /login unless already on a login page. One 401
 * message at a time: the calls of a page often fail together. A 401 with no session left (a logout racing
 * a call) shows nothing.
 */
import { endSession, isSessionExpiring, markSessionExpiring } from '@web/auth/session.ts';
import { storedToken } from '@web/auth/storage.ts';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { setApiNotifier, type ApiEvent } from '@web/lib/api.ts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

export const LOGIN_PATHS = ['/login', '/logincommon'];

export function ApiEvents() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;

  useEffect(() => {
    const handle = (event: ApiEvent) => {
      switch (event.kind) {
        case 'unauthorized': {
          if (isSessionExpiring() || storedToken() === null) return;
          markSessionExpiring();
          const expired = storedToken();
          showMessage('error', t('session.expired'), {
            onClosed: () => {
              if (storedToken() !== expired) return; // a new login while the message was up stays
              endSession();
              if (!LOGIN_PATHS.includes(pathname.current)) navigate('/login', { replace: true });
            },
          });
          return;
        }
        case 'forbidden':
          showMessage('error', event.msg || t('session.forbidden'));
          return;
        case 'notFound':
          showMessage('error', t('errors.notFound'));
          return;
        case 'network':
          showMessage('error', t('errors.network'));
          return;
        case 'timeout':
          showMessage('error', t('errors.timeout'));
          return;
      }
    };
    setApiNotifier(handle);
    return () => setApiNotifier(() => undefined);
  }, [t, navigate]);

  return null;
}
