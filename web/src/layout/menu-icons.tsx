/** Icons of the menu groups, by the server's icon name (shared/permissions/menus.ts). Simple line icons. */
import { Icon, type IconProps } from '@chakra-ui/react';

const paths: Record<string, string> = {
  // gauge
  overview: 'M12 14l4-4 M3.3 17a9 9 0 1 1 17.4 0 M12 14a1 1 0 1 0 0.01 0',
  // plug
  devices: 'M9 2v6 M15 2v6 M6 8h12v4a6 6 0 0 1-12 0z M12 18v4',
  // tag
  fees: 'M3 12V4h8l9 9-8 8z M7.5 7.5h.01',
  // receipt
  orders: 'M5 3h14v18l-3-2-2 2-2-2-2 2-2-2-3 2z M9 8h6 M9 12h6 M9 16h4',
  // bell
  alarms: 'M6 9a6 6 0 0 1 12 0c0 6 3 8 3 8H3s3-2 3-8 M10.5 21a2 2 0 0 0 3 0',
  // gear
  system:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  // phone
  app: 'M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z M12 18h.01',
  // sun
  energy:
    'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M12 2v2 M12 20v2 M4.9 4.9l1.4 1.4 M17.7 17.7l1.4 1.4 M2 12h2 M20 12h2 M4.9 19.1l1.4-1.4 M17.7 6.3l1.4-1.4',
  // download
  export: 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4 M7 10l5 5 5-5 M12 15V3',
  // layers
  brands: 'M12 2l10 5-10 5L2 7z M2 17l10 5 10-5 M2 12l10 5 10-5',
  // truck
  fleets:
    'M1 3h15v13H1z M16 8h4l3 3v5h-7z M5.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z M18.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  // square (unknown icon name)
  default: 'M4 4h16v16H4z',
};

export function MenuIcon({ icon, ...rest }: { icon?: string | null | undefined } & IconProps) {
  const d = paths[icon ?? ''] ?? paths.default;
  return (
    <Icon boxSize="5" flexShrink={0} aria-hidden {...rest}>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={d} />
      </svg>
    </Icon>
  );
}

export function ChevronIcon({ open, ...rest }: { open: boolean } & IconProps) {
  return (
    <Icon
      boxSize="4"
      aria-hidden
      transform={open ? 'rotate(180deg)' : undefined}
      transition="transform 0.15s"
      {...rest}
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 9l6 6 6-6" />
      </svg>
    </Icon>
  );
}

export function MenuToggleIcon({ collapsed, ...rest }: { collapsed: boolean } & IconProps) {
  return (
    <Icon boxSize="5" aria-hidden {...rest}>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path
          d={
            collapsed ? 'M3 6h18 M3 12h18 M3 18h18 M15 9l3 3-3 3' : 'M3 6h18 M3 12h18 M3 18h18 M9 9l-3 3 3 3'
          }
        />
      </svg>
    </Icon>
  );
}
