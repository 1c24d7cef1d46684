/**
 * A simple frame for pages outside the main layout (platform status, the fleet dashboard, the subscription
 * wizard): the product name, the language select, a log-out button when signed in, and the page title.
 */
import { Button, Container, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { AppLink } from '@web/components/ui/link.tsx';
import { LanguageSelect } from '@web/layout/language-select.tsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function PlainFrame(props: { title?: string; onLogout?: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Flex
        as="header"
        h="14"
        px={{ base: '4', md: '6' }}
        align="center"
        justify="space-between"
        borderBottomWidth="1px"
        bg="bg.panel"
      >
        <AppLink to="/" fontWeight="semibold" fontSize="lg" color="fg" _hover={{ textDecoration: 'none' }}>
          <HStack gap="2">
            <Text as="span" aria-hidden color="green.500">
              ⚡
            </Text>
            <Text as="span">{t('app.name')}</Text>
          </HStack>
        </AppLink>
        <HStack gap="3">
          <LanguageSelect />
          {props.onLogout ? (
            <Button size="sm" variant="outline" onClick={props.onLogout}>
              {t('account.logout')}
            </Button>
          ) : null}
        </HStack>
      </Flex>
      <Container as="main" maxW="6xl" py={{ base: '6', md: '8' }}>
        <Stack gap="6">
          {props.title ? (
            <Heading as="h1" size="xl">
              {props.title}
            </Heading>
          ) : null}
          {props.children}
        </Stack>
      </Container>
    </Flex>
  );
}
