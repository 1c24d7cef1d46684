/**
 * The second-level tabs (docs/product.md section 2): the pages of the current menu group, each a link. A strip
 * wider than the page scrolls; arrows at its ends and a fade say that more tabs lie past an edge and scroll
 * to them, and the current page's tab is scrolled into view (docs/decisions/450-wide-tables.md).
 */
import { HStack, Icon, IconButton, Tabs } from '@chakra-ui/react';
import { menuNameKey, type MenuNode } from '@web/layout/menu-tree.ts';
import { translateKey } from '@web/lib/i18n-keys.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** How far past each edge the strip can scroll. */
function useOverflow(pages: MenuNode[], activeCode: string | null) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ before: false, after: false });
  useEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    const update = () => {
      const before = strip.scrollLeft > 1;
      const after = strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1;
      setEdges((e) => (e.before === before && e.after === after ? e : { before, after }));
    };
    strip.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    update();
    strip.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resized?.observe(strip);
    return () => {
      strip.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  }, [pages, activeCode]);
  const scroll = (direction: 1 | -1) => {
    const strip = ref.current;
    strip?.scrollBy?.({ left: direction * Math.max(120, strip.clientWidth * 0.7), behavior: 'smooth' });
  };
  return { ref, edges, scroll };
}

const FADE = '2.5rem';

export function TabBar({ pages, activeCode }: { pages: MenuNode[]; activeCode: string | null }) {
  const { t } = useTranslation();
  const { ref, edges, scroll } = useOverflow(pages, activeCode);
  if (pages.length === 0) return null;
  const mask = [
    edges.before ? `transparent, black ${FADE}` : 'black',
    edges.after ? `black calc(100% - ${FADE}), transparent` : 'black',
  ].join(', ');
  return (
    <HStack
      gap="1"
      align="stretch"
      data-overflow={
        [edges.before && 'before', edges.after && 'after'].filter(Boolean).join(' ') || undefined
      }
    >
      {edges.before ? (
        <IconButton
          size="xs"
          variant="ghost"
          alignSelf="center"
          aria-label={t('layout.tabsBack')}
          onClick={() => scroll(-1)}
        >
          <Chevron d="M15 6l-6 6 6 6" />
        </IconButton>
      ) : null}
      {/* The route decides the selected tab. Zag "navigates" when the value changes by clicking the anchor
          (a full page load here, losing kept pages): the links navigate themselves, so that is switched off. */}
      <Tabs.Root
        value={activeCode}
        variant="line"
        size="sm"
        activationMode="manual"
        navigate={() => undefined}
        flex="1"
        minW="0"
      >
        <Tabs.List
          ref={ref}
          aria-label={t('layout.sectionTabs')}
          overflowX="auto"
          overflowY="hidden"
          scrollbarWidth="none"
          css={{
            '&::-webkit-scrollbar': { display: 'none' },
            maskImage: `linear-gradient(to right, ${mask})`,
          }}
        >
          {pages.map((page) => (
            <Tabs.Trigger key={page.id} value={page.id} asChild flexShrink={0} whiteSpace="nowrap">
              <Link to={page.path ?? '/'}>{translateKey(t, menuNameKey(page), page.path ?? page.id)}</Link>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Tabs.Root>
      {edges.after ? (
        <IconButton
          size="xs"
          variant="ghost"
          alignSelf="center"
          aria-label={t('layout.tabsMore')}
          onClick={() => scroll(1)}
        >
          <Chevron d="M9 6l6 6-6 6" />
        </IconButton>
      ) : null}
    </HStack>
  );
}

function Chevron({ d }: { d: string }) {
  return (
    <Icon boxSize="4" aria-hidden>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d={d} />
      </svg>
    </Icon>
  );
}
