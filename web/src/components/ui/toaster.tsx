/**
 * Chakra v3 toaster: short messages (docs/product.md sections 8 and 9: they last 1.5 s) at the top of the
 * page. `showMessage` is how the console shows them; `onClosed` runs once the message has gone (the 401
 * flow). The store is here; what draws the messages (toaster-view.tsx) is loaded with the first one, so no
 * page loads it before it has something to say.
 */
import { createToaster } from '@chakra-ui/react';
import { lazy, Suspense, useSyncExternalStore } from 'react';

/** docs/product.md section 9: messages and toasts last 1.5 s. */
export const MESSAGE_DURATION_MS = 1500;

export const toaster = createToaster({ placement: 'top', max: 5, removeDelay: 200 });

export type MessageType = 'success' | 'error' | 'warning' | 'info';

let shown = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const isShown = () => shown;

export function showMessage(
  type: MessageType,
  title: string,
  options: { description?: string; onClosed?: () => void } = {},
): string {
  if (!shown) {
    shown = true;
    for (const listener of listeners) listener();
  }
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

const ToasterView = lazy(() =>
  import('@web/components/ui/toaster-view.tsx').then((m) => ({ default: m.ToasterView })),
);

export function Toaster() {
  return useSyncExternalStore(subscribe, isShown, isShown) ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
