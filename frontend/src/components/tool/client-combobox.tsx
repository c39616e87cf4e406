import { CheckIcon, ChevronDownIcon } from 'lucide-react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { type KeyboardEvent, useId, useState } from 'react';
import { useFormFieldAria } from '@/components/ui/form-field';
import { cn } from '@/lib/utils';
import type { ToolClient, ToolClientSearch } from './use-tool-clients';

/** The search box's name and hint: the Clients page's own search text. */
export const CLIENT_SEARCH_LABEL = 'Search clients...';
export const CLIENT_SEARCH_PENDING = 'Searching...';
export const CLIENT_SEARCH_MORE = 'Type to find more clients';
export const clientSearchNoMatch = (text: string) => `No clients found matching "${text.trim()}"`;

/** The trigger looks like the other pickers' (components/ui/select.tsx, SelectTrigger). */
const TRIGGER_CLASS =
  'flex h-9 w-full items-center justify-between gap-2 whitespace-nowrap rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive dark:bg-input/30';

interface Option {
  readonly value: string | null;
  readonly label: string;
}

/**
 * The tools' client picker once the list is searched on the server (ClientSelect): a button that names
 * the choice, as the Select did (role combobox, named by the field's label), opening a list with a
 * search box. Typing asks the server (the picker's search, debounced); the arrows move through the
 * options, Enter or a click chooses, Escape closes, and the focus returns to the button either way
 * (the ARIA combobox pattern with a listbox popup, the active option by aria-activedescendant).
 */
export function ClientCombobox({
  id,
  search,
  chosen,
  value,
  onChange,
  allowNone,
  noneLabel,
  placeholder,
  disabled,
  failed,
  failedText,
  loading,
  className,
  ariaLabel,
}: {
  id: string;
  search: ToolClientSearch;
  chosen: ToolClient | null;
  value: string | null;
  onChange: (clientId: string | null) => void;
  allowNone: boolean;
  noneLabel: string;
  placeholder: string;
  disabled: boolean;
  failed: boolean;
  failedText: string;
  loading: boolean;
  className?: string;
  /** The button's name where no visible label names it (a filter in a toolbar). */
  ariaLabel?: string;
}) {
  const fieldAria = useFormFieldAria(id);
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const options: Option[] = [
    ...(allowNone && search.text.trim() === '' ? [{ value: null, label: noneLabel }] : []),
    ...search.options.map((client) => ({ value: client.id, label: client.name })),
  ];
  const activeIndex = Math.min(active, options.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (option: Option | undefined) => {
    if (!option) return;
    onChange(option.value);
    onOpenChange(false);
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Each opening starts from the first page, the current choice active, as in a select.
    if (!next) search.onText('');
    setActive(
      Math.max(
        0,
        options.findIndex((option) => option.value === value),
      ),
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, activeIndex + 1),
      ArrowUp: Math.max(0, activeIndex - 1),
      PageDown: Math.min(last, activeIndex + 10),
      PageUp: Math.max(0, activeIndex - 10),
    };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      setActive(move);
      document.getElementById(optionId(move))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[activeIndex]);
    }
  };

  const text = failed ? failedText : loading ? 'Loading clients...' : (chosen?.name ?? placeholder);
  const status = search.failed
    ? failedText
    : search.pending
      ? CLIENT_SEARCH_PENDING
      : search.text.trim() !== '' && search.options.length === 0
        ? clientSearchNoMatch(search.text)
        : search.more
          ? CLIENT_SEARCH_MORE
          : null;

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <PopoverPrimitive.Trigger asChild>
        <button
          {...fieldAria}
          {...(ariaLabel ? { 'aria-label': ariaLabel } : {})}
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          {...(open ? { 'aria-controls': listId } : {})}
          disabled={disabled}
          data-placeholder={chosen === null || failed ? '' : undefined}
          className={cn(TRIGGER_CLASS, 'data-[placeholder]:text-muted-foreground', className)}
          onKeyDown={(event) => {
            // A select opens on the arrows too.
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              onOpenChange(true);
            }
          }}
        >
          <span className="line-clamp-1 text-left">{text}</span>
          <ChevronDownIcon className="size-4 shrink-0 opacity-50" aria-hidden="true" />
        </button>
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="start"
          sideOffset={4}
          className="z-50 w-(--radix-popover-trigger-width) min-w-[12rem] rounded-md border bg-popover p-1 text-popover-foreground shadow-md data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in"
        >
          <input
            type="search"
            role="combobox"
            aria-label={CLIENT_SEARCH_LABEL}
            placeholder={CLIENT_SEARCH_LABEL}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            {...(options[activeIndex] ? { 'aria-activedescendant': optionId(activeIndex) } : {})}
            className="mb-1 h-8 w-full rounded-sm border border-input bg-transparent px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
            value={search.text}
            onChange={(event) => {
              search.onText(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <div
            id={listId}
            role="listbox"
            aria-label="Clients"
            className="max-h-64 overflow-y-auto"
            tabIndex={-1}
          >
            {options.map((option, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the search box's keys move and choose (aria-activedescendant).
              <div
                key={option.value ?? ''}
                id={optionId(index)}
                role="option"
                aria-selected={option.value === value}
                tabIndex={-1}
                data-active={index === activeIndex ? '' : undefined}
                className="relative flex cursor-default select-none items-center rounded-sm py-1.5 pr-8 pl-2 text-sm data-[active]:bg-accent data-[active]:text-accent-foreground"
                onPointerMove={() => setActive(index)}
                onClick={() => choose(option)}
              >
                {option.label}
                {option.value === value && (
                  <CheckIcon className="absolute right-2 size-4" aria-hidden="true" />
                )}
              </div>
            ))}
          </div>
          {status !== null && (
            <p role="status" className="px-2 py-1.5 text-muted-foreground text-xs">
              {status}
            </p>
          )}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
