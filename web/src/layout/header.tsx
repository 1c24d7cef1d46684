import { Flex, HStack, Text } from '@chakra-ui/react';
import { AppLink } from '@web/components/ui/link.tsx';
import { LanguageSelect } from '@web/layout/language-select.tsx';
import { useTranslation } from 'react-i18next';

export const HEADER_HEIGHT = '14';

/** Top bar: product name (link home) and the language select. The user menu joins it with login. */
export function Header() {
  const { t } = useTranslation();
  return (
    <Flex
      as="header"
      h={HEADER_HEIGHT}
      px={{ base: '4', md: '6' }}
      align="center"
      justify="space-between"
      borderBottomWidth="1px"
      bg="bg.panel"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      <AppLink to="/" fontWeight="semibold" fontSize="lg" color="fg" _hover={{ textDecoration: 'none' }}>
        <HStack gap="2">
          <Text as="span" aria-hidden color="green.500">
            ⚡
          </Text>
          <Text as="span">{t('app.name')}</Text>
        </HStack>
      </AppLink>
      <LanguageSelect />
    </Flex>
  );
}
