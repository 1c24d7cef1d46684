/** A route whose screen comes with a later issue: says so, naming the page. */
import { Card, Heading, Text, VStack } from '@chakra-ui/react';
import { usePageTitle } from '@web/layout/page-title.ts';
import type { RouteHandle } from '@web/layout/route-handle.ts';
import { useTranslation } from 'react-i18next';

export function NotAvailablePage(props: Pick<RouteHandle, 'code' | 'titleKey'>) {
  const { t } = useTranslation();
  const title = usePageTitle(props);
  return (
    <Card.Root variant="outline" maxW="2xl">
      <Card.Body>
        <VStack align="start" gap="2">
          <Heading as="h2" size="md">
            {t('shell.notAvailable')}
          </Heading>
          <Text color="fg.muted">{t('shell.notAvailableDetail', { title })}</Text>
        </VStack>
      </Card.Body>
    </Card.Root>
  );
}
