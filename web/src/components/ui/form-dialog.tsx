/**
 * A small dialog around a form: title, fields, cancel and submit. It stays open while it saves, and shows why
 * the last submit failed above the fields.
 */
import { Alert, Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

export function FormDialog(props: {
  title: string;
  submitLabel: string;
  cancelLabel: string;
  closeLabel: string;
  busy: boolean;
  /** Why the last submit failed (announced as an alert); empty when it did not. */
  failure?: string;
  /** What failed, as a heading above `failure` (else the reason stands alone). */
  failureTitle?: string;
  /** Submit is off (e.g. while the form's data loads). */
  disabled?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Dialog.Root
      // Named by its title from the first render, before Chakra links the title (aria-labelledby).
      aria-label={props.title}
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
              <Dialog.Body>
                {props.failure ? <DialogFailure title={props.failureTitle} message={props.failure} /> : null}
                {props.children}
              </Dialog.Body>
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

/** A failed submit inside a dialog, announced as an alert: why, under what failed when titled. */
export function DialogFailure({ title, message }: { title?: string; message: string }) {
  return (
    <Alert.Root status="error" role="alert" mb="3">
      <Alert.Indicator />
      {title ? (
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{message}</Alert.Description>
        </Alert.Content>
      ) : (
        <Alert.Title fontWeight="normal">{message}</Alert.Title>
      )}
    </Alert.Root>
  );
}
