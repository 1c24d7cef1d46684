import { ChakraProvider } from '@chakra-ui/react';
import { currentSystem, subscribeSystem } from '@web/components/ui/system.ts';
import { Toaster } from '@web/components/ui/toaster.tsx';
import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * Chakra UI v3 with its design system (the login pages' own until another page loads Chakra's full one:
 * web/src/components/ui/system.ts), and the toaster every screen's messages go to.
 */
export function UiProvider({ children }: { children: ReactNode }) {
  const system = useSyncExternalStore(subscribeSystem, currentSystem, currentSystem);
  return (
    <ChakraProvider value={system}>
      {children}
      <Toaster />
    </ChakraProvider>
  );
}
