/**
 * A charge point's OCPP credentials, shown once: after the pile is added and after a password reset. The
 * platform keeps only a hash, so the dialog says the password will not be shown again and offers copying
 * the URL, the identity and the password.
 */
import { API } from '@shared/api/paths.ts';
import { Alert, Button, Code, DataList, Dialog, HStack, Portal, Text } from '@chakra-ui/react';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { call } from '@web/lib/api.ts';
import { errorMessage } from '@web/resources/api.ts';
import { useTr } from '@web/resources/i18n.ts';
import type { RowDialogProps } from '@web/resources/types.ts';
import { useState } from 'react';
import { ocppUrl } from '@web/resources/decls/site/common.tsx';

const C = 'siteConsole.credentials';

export interface Credentials {
  chargePointId: string;
  ocppPassword: string;
}

function CopyButton(props: { value: string; label: string }) {
  const tr = useTr();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="xs"
      variant="outline"
      aria-label={props.label}
      onClick={() => {
        void navigator.clipboard?.writeText(props.value).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied ? tr(`${C}.copied`) : tr(`${C}.copy`)}
    </Button>
  );
}

export function CredentialsDialog(props: { credentials: Credentials; onClose: () => void }) {
  const tr = useTr();
  const { chargePointId, ocppPassword } = props.credentials;
  const url = ocppUrl(chargePointId);
  const rows = [
    { key: 'url', label: tr(`${C}.url`), value: url },
    { key: 'user', label: tr(`${C}.user`), value: chargePointId },
    { key: 'password', label: tr(`${C}.password`), value: ocppPassword },
  ];
  return (
    <Dialog.Root
      // Named by its title from the first render, before Chakra links the title (aria-labelledby).
      aria-label={tr(`${C}.title`)}
      open
      role="alertdialog"
      size="md"
      closeOnInteractOutside={false}
      onOpenChange={(e) => (e.open ? undefined : props.onClose())}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{tr(`${C}.title`)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Alert.Root status="warning" mb="4">
                <Alert.Indicator />
                <Alert.Title fontWeight="normal">{tr(`${C}.once`)}</Alert.Title>
              </Alert.Root>
              <DataList.Root orientation="vertical" gap="3">
                {rows.map((row) => (
                  <DataList.Item key={row.key}>
                    <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
                    <DataList.ItemValue>
                      <HStack gap="2" w="full">
                        <Code flex="1" p="2" wordBreak="break-all" data-testid={`credentials-${row.key}`}>
                          {row.value}
                        </Code>
                        <CopyButton value={row.value} label={tr(`${C}.copyOf`, { name: row.label })} />
                      </HStack>
                    </DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
              <Text mt="4" fontSize="sm" color="fg.muted">
                {tr(`${C}.help`)}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="blue" onClick={props.onClose}>
                {tr(`${C}.done`)}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Row action: confirm, reset, then show the new password once. */
export function ResetPasswordDialog(props: RowDialogProps) {
  const tr = useTr();
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [problem, setProblem] = useState('');
  const id = String(props.row.id ?? props.row.chargePointId ?? '');
  if (credentials)
    return <CredentialsDialog credentials={credentials} onClose={() => props.onDone(tr(`${C}.resetDone`))} />;
  return (
    <ConfirmDialog
      open
      title={tr(`${C}.reset`)}
      message={problem || tr(`${C}.resetConfirm`, { name: String(props.row.name ?? id) })}
      confirmLabel={tr(`${C}.reset`)}
      cancelLabel={tr('admin.common.cancel')}
      danger
      onClose={props.onClose}
      onConfirm={async () => {
        try {
          const answer = await call<Credentials>(API.biz.chargePoint.resetPassword, undefined, { id });
          setCredentials({ chargePointId: answer.chargePointId ?? id, ocppPassword: answer.ocppPassword });
        } catch (error) {
          setProblem(errorMessage(tr, error));
        }
      }}
    />
  );
}
