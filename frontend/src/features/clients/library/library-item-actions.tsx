import { Copy, Eye, FileCode, FileText, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ClientContent } from '#shared/content';
import { Button } from '@/components/ui/button';
import { LIBRARY_ACTIONS } from '../messages';
import type { LibraryItemActions } from './use-library-actions';

export interface ItemHandlers extends LibraryItemActions {
  preview: (item: ClientContent) => void;
  edit: (item: ClientContent) => void;
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

/** Preview, Edit, Copy Text, Download HTML, Download Text and Delete of one library item (000 §2). */
export function LibraryItemActionBar({ item, handlers }: { item: ClientContent; handlers: ItemHandlers }) {
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
        <IconAction label={LIBRARY_ACTIONS.downloadHtml} onClick={() => handlers.downloadHtml(item)}>
          <FileCode />
        </IconAction>
        <IconAction label={LIBRARY_ACTIONS.downloadText} onClick={() => handlers.downloadText(item)}>
          <FileText />
        </IconAction>
        <IconAction label={LIBRARY_ACTIONS.delete} destructive onClick={() => void handlers.remove(item)}>
          <Trash2 />
        </IconAction>
      </div>
    </div>
  );
}
