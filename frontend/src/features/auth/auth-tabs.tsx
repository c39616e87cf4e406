import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

/**
 * The Sign In / Sign Up switch of `/auth`, in place of Radix Tabs, whose roving-focus and presence
 * machinery (docs/benchmarks.md, "bundle-size") would be most of this screen's first load. It follows the
 * WAI-ARIA tabs pattern as Radix does, with the same look as components/ui/tabs.tsx: a tablist whose tabs
 * carry `aria-selected` and `aria-controls`; only the selected tab is in the Tab order; Left/Right
 * (wrapping), Home and End move the focus and select (automatic activation); each panel is a focusable
 * `tabpanel` labelled by its tab, and an unselected one is `hidden` and empty, so its form starts afresh. The
 * class lists override nothing, since this screen renders before tailwind-merge loads (lib/utils.ts).
 */

export interface AuthTab<T extends string> {
  readonly value: T;
  readonly label: string;
  readonly content: ReactNode;
}

export function AuthTabs<T extends string>({
  tabs,
  value,
  onValueChange,
}: {
  tabs: readonly AuthTab<T>[];
  value: T;
  onValueChange: (value: T) => void;
}) {
  const id = useId();
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (tab: T) => `${id}-tab-${tab}`;
  const panelId = (tab: T) => `${id}-panel-${tab}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.value === value);
    const target = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    const next = target === undefined ? undefined : tabs[target];
    if (!next) return;
    event.preventDefault();
    onValueChange(next.value);
    tabRefs.current.get(next.value)?.focus();
  };

  return (
    <div data-slot="tabs" className="flex flex-col gap-2">
      <div
        role="tablist"
        aria-orientation="horizontal"
        data-slot="tabs-list"
        className="mb-4 grid h-9 w-full grid-cols-2 items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.value, element);
                else tabRefs.current.delete(tab.value);
              }}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={selected}
              aria-controls={panelId(tab.value)}
              data-state={selected ? 'active' : 'inactive'}
              tabIndex={selected ? 0 : -1}
              data-slot="tabs-trigger"
              className="inline-flex h-[calc(100%-1px)] flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-md border border-transparent px-2 py-1 font-medium text-foreground text-sm transition-[color,box-shadow] focus-visible:border-ring focus-visible:outline-1 focus-visible:outline-ring focus-visible:ring-[3px] focus-visible:ring-ring data-[state=active]:bg-background data-[state=active]:shadow-sm dark:text-muted-foreground dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30 dark:data-[state=active]:text-foreground"
              onClick={() => onValueChange(tab.value)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <div
            key={tab.value}
            role="tabpanel"
            id={panelId(tab.value)}
            aria-labelledby={tabId(tab.value)}
            data-state={selected ? 'active' : 'inactive'}
            hidden={!selected}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab stop with a visible ring, as Radix's panel is everywhere else in the app, so the Tab order matches the other tabs.
            tabIndex={0}
            data-slot="tabs-content"
            className="flex-1 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
          >
            {selected && tab.content}
          </div>
        );
      })}
    </div>
  );
}
