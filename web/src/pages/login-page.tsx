/** /login (SPEC.md section 2): two modes, operation staff and fleets, each its own form. */
import { Tabs } from '@chakra-ui/react';
import { AuthFrame } from '@web/pages/auth-frame.tsx';
import { LoginForm, type LoginMode } from '@web/pages/login-form.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function LoginPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<LoginMode>('staff');
  return (
    <AuthFrame>
      <Tabs.Root
        value={mode}
        onValueChange={(details) => setMode(details.value as LoginMode)}
        variant="enclosed"
        fitted
        lazyMount
        unmountOnExit
      >
        <Tabs.List aria-label={t('login.modeLabel')}>
          <Tabs.Trigger value="staff">{t('login.modes.staff')}</Tabs.Trigger>
          <Tabs.Trigger value="fleet">{t('login.modes.fleet')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="staff" pt="5">
          <LoginForm mode="staff" />
        </Tabs.Content>
        <Tabs.Content value="fleet" pt="5">
          <LoginForm mode="fleet" />
        </Tabs.Content>
      </Tabs.Root>
    </AuthFrame>
  );
}
