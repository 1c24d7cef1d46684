/** docs/product.md section 2: user info and menus both failed to load. Log in again, or reload. */
import { Button, Heading, HStack, Text, VStack } from '@chakra-ui/react';
import { endSession } from '@web/auth/session.ts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export function ServerErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <VStack as="main" minH="100dvh" justify="center" gap="4" px="4" textAlign="center">
      <Text fontSize="6xl" fontWeight="bold" color="fg.subtle" lineHeight="1">
        500
      </Text>
      <Heading as="h1" size="xl">
        {t('shell.serverError.title')}
      </Heading>
      <Text color="fg.muted" maxW="lg">
        {t('shell.serverError.description')}
      </Text>
      <HStack>
        <Button
          colorPalette="blue"
          onClick={() => {
            endSession();
            navigate('/login', { replace: true });
          }}
        >
          {t('shell.serverError.login')}
        </Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          {t('shell.serverError.reload')}
        </Button>
      </HStack>
    </VStack>
  );
}
