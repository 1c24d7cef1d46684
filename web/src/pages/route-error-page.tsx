import { Button, Heading, HStack, Text, VStack } from '@chakra-ui/react';
import { ButtonLink } from '@web/components/ui/link.tsx';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

/** Shown instead of a page that threw while rendering or loading. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <VStack minH="100dvh" justify="center" gap="4" px="4" textAlign="center">
      <Heading as="h1" size="xl">
        {t('routeError.title')}
      </Heading>
      <Text color="fg.muted">{t('routeError.description')}</Text>
      <HStack>
        <Button variant="outline" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </Button>
        <ButtonLink to="/" colorPalette="blue">
          {t('actions.backHome')}
        </ButtonLink>
      </HStack>
    </VStack>
  );
}
