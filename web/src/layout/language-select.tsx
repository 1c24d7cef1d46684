import { languages, resolveLanguage } from '@shared/i18n/languages.ts';
import { SimpleSelect } from '@web/components/ui/select.tsx';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { changeLanguage } from '@web/i18n.ts';
import { useTranslation } from 'react-i18next';

const options = languages.map((language) => ({ value: language.code, label: language.label }));

/**
 * Switches the console language as soon as its catalogue is loaded and remembers it (localStorage
 * `language`); a catalogue that cannot be loaded leaves the language as it was and says so.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <SimpleSelect
      aria-label={t('header.language')}
      value={resolveLanguage(i18n.resolvedLanguage ?? i18n.language)}
      options={options}
      onChange={(value) =>
        void changeLanguage(resolveLanguage(value)).catch(() => showMessage('error', t('errors.network')))
      }
    />
  );
}
