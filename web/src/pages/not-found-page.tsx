import { Heading, Text, VStack } from '@chakra-ui/react';
import { ButtonLink } from '@web/components/ui/link.tsx';
import { useTranslation } from 'react-i18next';

/** Any route the console does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <VStack py="16" gap="4" textAlign="center">
      <Text fontSize="6xl" fontWeight="bold" color="fg.subtle" lineHeight="1">
        404
      </Text>
      <Heading as="h1" size="xl">
        {t('notFound.title')}
      </Heading>
      <Text color="fg.muted">{t('notFound.description')}</Text>
      <ButtonLink to="/" colorPalette="blue">
        {t('actions.backHome')}
      </ButtonLink>
    </VStack>
  );
}
