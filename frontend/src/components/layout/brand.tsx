import { cn } from '@/lib/utils';

export const PRODUCT_NAME = 'LBM Studio';

/** The product mark: an indigo tile with the initials, used in the sidebar and the auth screens. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex aspect-square size-8 shrink-0 items-center justify-center rounded-lg bg-primary font-bold text-primary-foreground text-xs tracking-tight',
        className,
      )}
    >
      LBM
    </span>
  );
}
