import { CHANNEL_PLATFORM_INFO, type ChannelPlatform } from '#shared/channels';
import { cn } from '@/lib/utils';

/**
 * Each platform's mark: its initial on its colour. The UI kit's icon set (lucide) has no brand logos,
 * and the platforms' own logos are theirs to license; a letter on the brand's colour is told apart at
 * a glance. White on each colour keeps at least 4.5:1.
 */
const CHANNEL_MARKS: Readonly<Record<ChannelPlatform, { mark: string; className: string }>> = {
  gbp: { mark: 'G', className: 'bg-[#1a73e8]' },
  facebook: { mark: 'f', className: 'bg-[#0866ff] font-bold' },
  instagram: { mark: 'IG', className: 'bg-gradient-to-tr from-[#c13584] to-[#833ab4] text-[0.6rem]' },
  linkedin: { mark: 'in', className: 'bg-[#0a66c2] font-bold' },
  x: { mark: 'X', className: 'bg-black dark:border dark:border-white/40' },
};

/**
 * A platform's mark, with its name for assistive technology unless `decorative` (the name is written
 * beside it).
 */
export function ChannelIcon({
  platform,
  decorative = false,
  className,
}: {
  platform: ChannelPlatform;
  decorative?: boolean;
  className?: string;
}) {
  const { mark, className: look } = CHANNEL_MARKS[platform];
  return (
    <span
      data-platform={platform}
      className={cn(
        'inline-flex size-6 shrink-0 select-none items-center justify-center rounded-md font-semibold text-white text-xs leading-none',
        look,
        className,
      )}
      {...(decorative
        ? { 'aria-hidden': true }
        : { role: 'img', 'aria-label': CHANNEL_PLATFORM_INFO[platform].name })}
    >
      {mark}
    </span>
  );
}
