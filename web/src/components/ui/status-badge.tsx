import { Badge, Status } from '@chakra-ui/react';
import type { Tone } from '@web/lib/health.ts';

const palette: Record<Tone, string> = {
  success: 'green',
  info: 'blue',
  warning: 'orange',
  danger: 'red',
  neutral: 'gray',
};

/** A coloured dot and a label; the colour is never the only signal. */
export function StatusBadge({
  tone,
  label,
  size = 'md',
}: {
  tone: Tone;
  label: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge colorPalette={palette[tone]} variant="subtle" size={size} gap="1.5">
      <Status.Root colorPalette={palette[tone]} size="sm">
        <Status.Indicator />
      </Status.Root>
      {label}
    </Badge>
  );
}
