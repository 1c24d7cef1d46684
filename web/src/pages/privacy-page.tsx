/**
 * /privacy/ and /privacy/{lang} (docs/product.md section 2): the privacy notice in a frame. A last path
 * segment of 5 characters picks the language file (`privacy-en-us.html`); anything else, the default
 * `privacy.html`. Only the languages that have a file are used, so an unknown code still shows the notice (in
 * English).
 */
import { Box } from '@chakra-ui/react';
import { languages } from '@shared/i18n/languages.ts';
import { BASE_PATH } from '@web/lib/base-path.ts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

const PRIVACY_FILES: readonly string[] = languages.map((language) => language.header);

export function privacyFile(pathname: string): string {
  const segment = (pathname.split('/').filter(Boolean).at(-1) ?? '').toLowerCase();
  const suffixed = segment.length === 5 && PRIVACY_FILES.includes(segment);
  return `${BASE_PATH}/privacy/${suffixed ? `privacy-${segment}.html` : 'privacy.html'}`;
}

export function PrivacyPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Box as="main" h="100dvh" w="full">
      <iframe
        title={t('login.privacy')}
        src={privacyFile(pathname)}
        style={{ border: 0, width: '100%', height: '100%' }}
      />
    </Box>
  );
}
