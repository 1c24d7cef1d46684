/** The second-level tabs (docs/product.md section 2): the pages of the current menu group, each a link. */
import { Tabs } from '@chakra-ui/react';
import { menuNameKey, type MenuNode } from '@web/layout/menu-tree.ts';
import { translateKey } from '@web/lib/i18n-keys.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function TabBar({ pages, activeCode }: { pages: MenuNode[]; activeCode: string | null }) {
  const { t } = useTranslation();
  if (pages.length === 0) return null;
  return (
    // The route decides the selected tab. Zag "navigates" when the value changes by clicking the anchor
    // (a full page load here, losing kept pages): the links navigate themselves, so that is switched off.
    <Tabs.Root value={activeCode} variant="line" size="sm" activationMode="manual" navigate={() => undefined}>
      <Tabs.List aria-label={t('layout.sectionTabs')} overflowX="auto" overflowY="hidden">
        {pages.map((page) => (
          <Tabs.Trigger key={page.id} value={page.id} asChild flexShrink={0} whiteSpace="nowrap">
            <Link to={page.path ?? '/'}>{translateKey(t, menuNameKey(page), page.path ?? page.id)}</Link>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}
