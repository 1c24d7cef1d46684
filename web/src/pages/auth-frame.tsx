/** The frame of the login pages: the product name as the page heading, the language select, a footer. */
import { Box, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { languageOf } from '@shared/i18n/languages.ts';
import { AppLink } from '@web/components/ui/link.tsx';
import { LanguageSelect } from '@web/layout/language-select.tsx';
import { currentLanguage } from '@web/i18n.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function AuthFrame({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation(); // re-renders on a language switch, so the privacy link follows it
  return (
    <Flex as="main" direction="column" minH="100dvh" bg="bg.subtle" align="center" px="4">
      <Flex w="full" justify="flex-end" py="3">
        <LanguageSelect />
      </Flex>
      <Flex flex="1" align="center" w="full" justify="center" pb="10">
        <Card.Root w="full" maxW="md" boxShadow="md">
          <Card.Body>
            <Stack gap="6">
              <Stack gap="1" textAlign="center">
                <HStack justify="center" gap="2">
                  <Text as="span" aria-hidden color="green.500" fontSize="2xl">
                    ⚡
                  </Text>
                  <Heading as="h1" size="xl">
                    {t('app.name')}
                  </Heading>
                </HStack>
                <Text color="fg.muted">{t('login.subtitle')}</Text>
              </Stack>
              <Box>{children}</Box>
            </Stack>
          </Card.Body>
        </Card.Root>
      </Flex>
      <Stack as="footer" py="4" align="center" gap="1">
        {footer}
        <AppLink to={`/privacy/${languageOf(currentLanguage()).header}`} fontSize="sm" color="fg.muted">
          {t('login.privacy')}
        </AppLink>
      </Stack>
    </Flex>
  );
}
