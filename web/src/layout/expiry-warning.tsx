/**
 * docs/product.md section 4: a company whose subscription is about to expire (subStatus 1 with
 * expireRemindDays and an agentId) sees a warning bottom-right that never closes on its own, once until
 * dismissed (then `access` is stored). Holders of sys_planoper_edit get "Update now" (the plan page); others
 * a plain acknowledge.
 */
import { Alert, Box, Button, CloseButton, HStack } from '@chakra-ui/react';
import { PERMISSION } from '@shared/permissions/menus.ts';
import type { SysUser } from '@web/auth/session.ts';
import { readStored, STORAGE, writeStored } from '@web/auth/storage.ts';
import { ButtonLink } from '@web/components/ui/link.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function expiryRemindDays(user: SysUser): number | null {
  const hasAgent = user.agentId !== null && user.agentId !== undefined && user.agentId !== '';
  const days = user.expireRemindDays;
  if (!hasAgent || Number(user.subStatus) !== 1 || days === null || days === undefined || days === '')
    return null;
  const value = Number(days);
  return Number.isFinite(value) ? value : null;
}

export function ExpiryWarning({ user, permissions }: { user: SysUser; permissions: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => readStored(STORAGE.access) !== null);
  const days = expiryRemindDays(user);
  if (dismissed || days === null) return null;

  const dismiss = () => {
    writeStored(STORAGE.access, '1');
    setDismissed(true);
  };
  const canRenew = permissions.has(PERMISSION.planOperEdit);

  return (
    <Box position="fixed" insetEnd="4" bottom="4" zIndex="toast" maxW="sm" w="calc(100% - 2rem)">
      <Alert.Root status="warning" variant="surface" boxShadow="lg" role="alert" aria-live="assertive">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('session.expiryTitle')}</Alert.Title>
          <Alert.Description>{t('session.expiryText', { days })}</Alert.Description>
          <HStack mt="3">
            {canRenew ? (
              <ButtonLink to="/plan" size="xs" colorPalette="orange" onClick={dismiss}>
                {t('session.updateNow')}
              </ButtonLink>
            ) : (
              <Button size="xs" colorPalette="orange" onClick={dismiss}>
                {t('session.acknowledge')}
              </Button>
            )}
          </HStack>
        </Alert.Content>
        {canRenew ? (
          <CloseButton
            size="sm"
            pos="relative"
            top="-2"
            insetEnd="-2"
            aria-label={t('account.close')}
            onClick={dismiss}
          />
        ) : null}
      </Alert.Root>
    </Box>
  );
}
