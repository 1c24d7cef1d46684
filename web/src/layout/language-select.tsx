import { languages, resolveLanguage } from '@shared/i18n/index.ts';
import { SimpleSelect } from '@web/components/ui/select.tsx';
import { changeLanguage } from '@web/i18n.ts';
import { useTranslation } from 'react-i18next';

const options = languages.map((language) => ({ value: language.code, label: language.label }));

/** Switches the console language immediately and remembers it (localStorage `language`). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <SimpleSelect
      aria-label={t('header.language')}
      value={resolveLanguage(i18n.resolvedLanguage ?? i18n.language)}
      options={options}
      onChange={(value) => void changeLanguage(resolveLanguage(value))}
    />
  );
}
