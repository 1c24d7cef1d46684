/**
 * /login (docs/product.md section 2): two modes, operation staff and fleets, each its own form.
 *
 * The two modes are a plain tab list (WAI-ARIA tabs: arrow keys move between them) rather than Chakra's Tabs,
 * whose state machine would weigh 5 KB of the login page's 150 (decision 431).
 */
import { Box, Button, HStack } from '@chakra-ui/react';
import { AuthFrame } from '@web/pages/auth-frame.tsx';
import { LoginForm, type LoginMode } from '@web/pages/login-form.tsx';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

const MODES: readonly LoginMode[] = ['staff', 'fleet'];

export function LoginPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<LoginMode>('staff');
  const tabs = useRef<Partial<Record<LoginMode, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -MODES.length, End: MODES.length }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const index = Math.min(MODES.length - 1, Math.max(0, MODES.indexOf(mode) + step));
    const next = MODES[index]!;
    setMode(next);
    tabs.current[next]?.focus();
  };

  return (
    <AuthFrame>
      <HStack role="tablist" aria-label={t('login.modeLabel')} gap="1" p="1" bg="bg.muted" rounded="l2">
        {MODES.map((m) => (
          <Button
            key={m}
            ref={(el: HTMLButtonElement | null) => {
              tabs.current[m] = el;
            }}
            role="tab"
            id={`login-tab-${m}`}
            aria-selected={mode === m}
            aria-controls={`login-panel-${m}`}
            tabIndex={mode === m ? 0 : -1}
            flex="1"
            size="sm"
            variant="ghost"
            bg={mode === m ? 'bg' : undefined}
            shadow={mode === m ? 'xs' : undefined}
            color={mode === m ? 'fg' : 'fg.muted'}
            onClick={() => setMode(m)}
            onKeyDown={onKeyDown}
          >
            {t(`login.modes.${m}`)}
          </Button>
        ))}
      </HStack>
      {/* Only the chosen mode's form is mounted: switching starts the other one empty. */}
      <Box role="tabpanel" id={`login-panel-${mode}`} aria-labelledby={`login-tab-${mode}`} pt="5">
        <LoginForm key={mode} mode={mode} />
      </Box>
    </AuthFrame>
  );
}
