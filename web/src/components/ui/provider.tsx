import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { Toaster } from '@web/components/ui/toaster.tsx';
import type { ReactNode } from 'react';

/** Chakra UI v3 with its default design system, and the toaster every screen's messages go to. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={defaultSystem}>
      {children}
      <Toaster />
    </ChakraProvider>
  );
}
