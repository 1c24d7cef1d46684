/** A small dialog around a form: title, fields, cancel and submit. It stays open while it saves. */
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

export function FormDialog(props: {
  title: string;
  submitLabel: string;
  cancelLabel: string;
  closeLabel: string;
  busy: boolean;
  /** Submit is off (e.g. while the form's data loads). */
  disabled?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Dialog.Root
      open
      onOpenChange={(e) => (e.open || props.busy ? undefined : props.onClose())}
      size={props.size ?? 'md'}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              style={{ display: 'contents' }}
              onSubmit={(e: FormEvent) => {
                e.preventDefault();
                props.onSubmit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{props.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{props.children}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={props.onClose} disabled={props.busy}>
                  {props.cancelLabel}
                </Button>
                <Button type="submit" colorPalette="blue" loading={props.busy} disabled={props.disabled}>
                  {props.submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={props.closeLabel} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
