/** "Are you sure?" before a change that cannot be undone: delete, disable. Stays open while it runs. */
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await props.onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root
      // Named by its title from the first render, before Chakra links the title (aria-labelledby).
      aria-label={props.title}
      role="alertdialog"
      open={props.open}
      onOpenChange={(e) => (!e.open && !busy ? props.onClose() : undefined)}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{props.message}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose} disabled={busy}>
                {props.cancelLabel}
              </Button>
              <Button
                colorPalette={props.danger ? 'red' : 'blue'}
                onClick={() => void confirm()}
                loading={busy}
              >
                {props.confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
