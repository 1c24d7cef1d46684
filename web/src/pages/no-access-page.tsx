import { Heading, Text, VStack } from '@chakra-ui/react';
import { ButtonLink } from '@web/components/ui/link.tsx';
import { useTranslation } from 'react-i18next';

/**
 * A console route whose permission code the signed-in account does not hold (an address typed or kept from
 * another account): said once, instead of the screen and the API's refusals (docs/decisions/467).
 */
export function NoAccessPage() {
  const { t } = useTranslation();
  return (
    <VStack py="16" gap="4" textAlign="center" data-testid="no-access">
      <Text fontSize="6xl" fontWeight="bold" color="fg.subtle" lineHeight="1">
        403
      </Text>
      <Heading as="h1" size="xl">
        {t('noAccess.title')}
      </Heading>
      <Text color="fg.muted">{t('noAccess.description')}</Text>
      <ButtonLink to="/" colorPalette="blue">
        {t('actions.backHome')}
      </ButtonLink>
    </VStack>
  );
}
