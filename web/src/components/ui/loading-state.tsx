/** The loading state of a view, on its own: the console's first chunk shows it while a page loads. */
import { Spinner, Text, VStack } from '@chakra-ui/react';

export function LoadingState({ label }: { label: string }) {
  return (
    <VStack py="12" gap="3" role="status" aria-live="polite">
      <Spinner size="lg" color="colorPalette.solid" colorPalette="blue" />
      <Text color="fg.muted">{label}</Text>
    </VStack>
  );
}
