import {
  FolderOpen,
  MoreHorizontal,
  Pencil,
  PiggyBank,
  ReceiptText,
  Share2,
  Trash2,
  Users,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ClientSummary } from '#shared/client-list';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { CARD_MENU } from './messages';

export interface ClientCardActions {
  onViewContent: (client: ClientSummary) => void;
  onManageAccess: (client: ClientSummary) => void;
  onEdit: (client: ClientSummary) => void;
  /** The client's publishing channels: anyone who sees the client connects and disconnects them. */
  onChannels: (client: ClientSummary) => void;
  /** The monthly AI budget: an admin sets it, its owner sees it read-only. */
  onBudget: (client: ClientSummary) => void;
  onDelete: (client: ClientSummary) => void;
}

/**
 * The card menu of 000 §2. Grants are managed, and the client deleted, only by its creator or an admin
 * (the server enforces both); for a colleague with a grant 'Manage Access' is shown with its count but
 * disabled, and Delete is not offered at all.
 */
export function ClientCardMenu({
  client,
  canManage,
  actions,
}: {
  client: ClientSummary;
  canManage: boolean;
  actions: ClientCardActions;
}) {
  // The open menu is portaled into the <main> that holds its card, not to <body> where it would be
  // content outside every landmark (axe: region). The landmark is looked up as the menu
  // opens (an object ref: a callback ref that set state would re-render through Radix's Slot forever).
  const trigger = useRef<HTMLButtonElement>(null);
  const [landmark, setLandmark] = useState<HTMLElement | null>(null);
  return (
    <DropdownMenu
      onOpenChange={(open) => {
        if (open) setLandmark(trigger.current?.closest('main') ?? null);
      }}
    >
      <DropdownMenuTrigger asChild>
        <Button
          ref={trigger}
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Actions for ${client.name}`}
          data-client-actions={client.id}
        >
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52" container={landmark}>
        <DropdownMenuItem onSelect={() => actions.onViewContent(client)}>
          <FolderOpen />
          {CARD_MENU.viewContent(client.content_count)}
        </DropdownMenuItem>
        <DropdownMenuItem disabled={!canManage} onSelect={() => actions.onManageAccess(client)}>
          <Users />
          {CARD_MENU.manageAccess(client.access_count)}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.onEdit(client)}>
          <Pencil />
          {CARD_MENU.edit}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.onChannels(client)}>
          <Share2 />
          {CARD_MENU.channels}
        </DropdownMenuItem>
        {/* The client's monthly statement, for everyone who sees the client. */}
        <DropdownMenuItem asChild>
          <Link to={`/statements?client=${encodeURIComponent(client.id)}`}>
            <ReceiptText />
            {CARD_MENU.statement}
          </Link>
        </DropdownMenuItem>
        {canManage && (
          <>
            <DropdownMenuItem onSelect={() => actions.onBudget(client)}>
              <PiggyBank />
              {CARD_MENU.budget}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => actions.onDelete(client)}>
              <Trash2 />
              {CARD_MENU.delete}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
