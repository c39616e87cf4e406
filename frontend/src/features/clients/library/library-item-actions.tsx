import {
  CalendarClock,
  Copy,
  Eye,
  FileCode,
  FileText,
  History,
  MessageSquare,
  MoreHorizontal,
  Pencil,
  Send,
  Trash2,
} from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import type { ContentSummary } from '#shared/content-summary';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ITEM_MENU, LIBRARY_ACTIONS } from '../messages';
import type { LibraryItemActions } from './use-library-actions';

export interface ItemHandlers extends LibraryItemActions {
  preview: (item: ContentSummary) => void;
  edit: (item: ContentSummary) => void;
  /** The item menu's History, Send for review, review panel and due date. */
  history: (item: ContentSummary) => void;
  sendForReview: (item: ContentSummary) => void;
  review: (item: ContentSummary) => void;
  dueDate: (item: ContentSummary) => void;
}

/** The item's menu of the review loop: History, Send for review, the review panel and the due date. */
export function ItemMenu({ item, handlers }: { item: ContentSummary; handlers: ItemHandlers }) {
  // Portaled into the library dialog, not <body>: a menu outside the modal dialog would be inert.
  const trigger = useRef<HTMLButtonElement>(null);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const label = ITEM_MENU.more(item.title);
  return (
    <DropdownMenu
      onOpenChange={(open) => {
        if (open) setContainer(trigger.current?.closest<HTMLElement>('[role="dialog"]') ?? null);
      }}
    >
      <DropdownMenuTrigger asChild>
        <Button ref={trigger} variant="ghost" size="icon" className="size-8" aria-label={label} title={label}>
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56" container={container}>
        <DropdownMenuItem onSelect={() => handlers.history(item)}>
          <History />
          {ITEM_MENU.history}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => handlers.sendForReview(item)}>
          <Send />
          {ITEM_MENU.sendForReview}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => handlers.review(item)}>
          <MessageSquare />
          {ITEM_MENU.review}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => handlers.dueDate(item)}>
          <CalendarClock />
          {ITEM_MENU.dueDate}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function IconAction({
  label,
  onClick,
  destructive,
  children,
}: {
  label: string;
  onClick: () => void;
  destructive?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={
        destructive ? 'size-8 text-destructive hover:bg-destructive/10 hover:text-destructive' : 'size-8'
      }
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/**
 * Preview, Edit, Copy Text, Download HTML, Download Text and Delete of one library item (000 §2), and the
 * item menu unless the card shows it in its corner (`withMenu` false).
 */
export function LibraryItemActionBar({
  item,
  handlers,
  withMenu = true,
}: {
  item: ContentSummary;
  handlers: ItemHandlers;
  withMenu?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      <Button variant="outline" size="sm" onClick={() => handlers.preview(item)}>
        <Eye />
        {LIBRARY_ACTIONS.preview}
      </Button>
      <Button variant="outline" size="sm" onClick={() => handlers.edit(item)}>
        <Pencil />
        {LIBRARY_ACTIONS.edit}
      </Button>
      <div className="ml-auto flex items-center">
        <IconAction label={LIBRARY_ACTIONS.copyText} onClick={() => void handlers.copyText(item)}>
          <Copy />
        </IconAction>
        <IconAction label={LIBRARY_ACTIONS.downloadHtml} onClick={() => void handlers.downloadHtml(item)}>
          <FileCode />
        </IconAction>
        <IconAction label={LIBRARY_ACTIONS.downloadText} onClick={() => void handlers.downloadText(item)}>
          <FileText />
        </IconAction>
        <IconAction label={LIBRARY_ACTIONS.delete} destructive onClick={() => void handlers.remove(item)}>
          <Trash2 />
        </IconAction>
        {withMenu && <ItemMenu item={item} handlers={handlers} />}
      </div>
    </div>
  );
}
