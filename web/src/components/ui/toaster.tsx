/**
 * Chakra v3 toaster: short messages (SPEC.md sections 8 and 9: they last 1.5 s) at the top of the page.
 * `showMessage` is how the console shows them; `onClosed` runs once the message has gone (the 401 flow).
 */
import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';

/** SPEC.md section 9: messages and toasts last 1.5 s. */
export const MESSAGE_DURATION_MS = 1500;

export const toaster = createToaster({ placement: 'top', max: 5, removeDelay: 200 });

export type MessageType = 'success' | 'error' | 'warning' | 'info';

export function showMessage(
  type: MessageType,
  title: string,
  options: { description?: string; onClosed?: () => void } = {},
): string {
  return toaster.create({
    type,
    title,
    description: options.description,
    duration: MESSAGE_DURATION_MS,
    closable: true,
    onStatusChange: ({ status }) => {
      if (status === 'unmounted') options.onClosed?.();
    },
  });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} role={toast.type === 'error' ? 'alert' : 'status'}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.closable ? <Toast.CloseTrigger /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
