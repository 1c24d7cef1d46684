/** The three states every data view has besides "here is your data": loading, failed, empty. */
import { Alert, Button, EmptyState as ChakraEmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export { LoadingState } from '@web/components/ui/loading-state.tsx';

export function ErrorState(props: {
  title: string;
  message: string;
  retryLabel?: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert.Root status="error" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{props.title}</Alert.Title>
        <Alert.Description>{props.message}</Alert.Description>
      </Alert.Content>
      {props.onRetry && props.retryLabel ? (
        <Button size="sm" variant="outline" onClick={props.onRetry} loading={props.retrying ?? false}>
          {props.retryLabel}
        </Button>
      ) : null}
    </Alert.Root>
  );
}

export function WarningNotice({ children }: { children: ReactNode }) {
  return (
    <Alert.Root status="warning" size="sm">
      <Alert.Indicator />
      <Alert.Title fontWeight="normal">{children}</Alert.Title>
    </Alert.Root>
  );
}

export function EmptyState({ title, description }: { title: string; description?: string }) {
  return (
    <ChakraEmptyState.Root size="sm">
      <ChakraEmptyState.Content>
        <VStack textAlign="center">
          <ChakraEmptyState.Title>{title}</ChakraEmptyState.Title>
          {description ? <ChakraEmptyState.Description>{description}</ChakraEmptyState.Description> : null}
        </VStack>
      </ChakraEmptyState.Content>
    </ChakraEmptyState.Root>
  );
}
