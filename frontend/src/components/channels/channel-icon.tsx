import type { ReactNode } from 'react';
import { CHANNEL_PLATFORM_INFO, type ChannelPlatform } from '#shared/channels';
import { cn } from '@/lib/utils';

/**
 * Each publishing channel's mark: a square in the platform's brand colour with a white sign (a letter,
 * or Instagram's camera and X's cross drawn), since the app's icon set (lucide) no longer carries brand
 * logos and the real logos are not ours to ship.
 */

export const CHANNEL_BRAND_COLOURS: Readonly<Record<ChannelPlatform, string>> = {
  gbp: '#4285F4',
  facebook: '#1877F2',
  instagram: '#E4405F',
  linkedin: '#0A66C2',
  x: '#000000',
};

const letter = (text: string, size: number): ReactNode => (
  <text
    x="12"
    y="12.5"
    textAnchor="middle"
    dominantBaseline="central"
    fill="#fff"
    fontFamily="ui-sans-serif, system-ui, sans-serif"
    fontSize={size}
    fontWeight={700}
  >
    {text}
  </text>
);

const MARKS: Readonly<Record<ChannelPlatform, ReactNode>> = {
  gbp: letter('G', 14),
  facebook: letter('f', 16),
  instagram: (
    <g fill="none" stroke="#fff" strokeWidth="1.8">
      <rect x="6" y="6" width="12" height="12" rx="3.5" />
      <circle cx="12" cy="12" r="2.8" />
      <circle cx="15.6" cy="8.4" r="0.6" fill="#fff" strokeWidth="0.6" />
    </g>
  ),
  linkedin: letter('in', 11),
  x: <path d="M7.5 6.5l9 11M16.5 6.5l-9 11" stroke="#fff" strokeWidth="2" strokeLinecap="round" />,
};

/**
 * The platform's mark, named by the platform ('Instagram') for screen readers unless `decorative`
 * (when the text beside it already names the platform).
 */
export function ChannelIcon({
  platform,
  className,
  decorative = false,
}: {
  platform: ChannelPlatform;
  className?: string;
  decorative?: boolean;
}) {
  const name = CHANNEL_PLATFORM_INFO[platform].name;
  return (
    <svg
      viewBox="0 0 24 24"
      className={cn('size-4 shrink-0', className)}
      data-platform={platform}
      role="img"
      aria-label={name}
      aria-hidden={decorative || undefined}
    >
      <title>{name}</title>
      <rect width="24" height="24" rx="5" fill={CHANNEL_BRAND_COLOURS[platform]} />
      {MARKS[platform]}
    </svg>
  );
}
