import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium outline-none transition-all focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        destructive:
          'bg-destructive text-white shadow-xs hover:bg-destructive/90 focus-visible:ring-destructive',
        outline: 'border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-9 px-4 py-2 has-[>svg]:px-3',
        sm: 'h-8 gap-1.5 rounded-md px-3 has-[>svg]:px-2.5',
        lg: 'h-10 rounded-md px-6 has-[>svg]:px-4',
        icon: 'size-9',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Renders the single child (a link, for instance) with the button's look instead of a `<button>`. */
    asChild?: boolean;
    /**
     * True while the button's own action runs (Save, Generate...). The button stays focusable, with
     * `aria-disabled`, instead of `disabled`: a disabled button drops the keyboard focus to <body> the
     * moment it is pressed. It refuses presses meanwhile, Enter in its form included (implicit
     * submission clicks the submit button, and that click is cancelled). It keeps its full opacity so
     * its focus ring keeps its contrast; say what it is doing in its label ('Saving...').
     */
    busy?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  busy = false,
  disabled,
  onClick,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      data-slot="button"
      className={cn(buttonVariants({ variant, size, className }), busy && 'cursor-progress')}
      {...props}
      // While busy, a `disabled` that also covers this very action must not take the focus away.
      disabled={busy ? false : disabled}
      aria-disabled={busy || props['aria-disabled']}
      onClick={busy ? (event) => event.preventDefault() : onClick}
    />
  );
}
