import { FileSearch, Inbox } from 'lucide-react';
import { LIBRARY } from '../messages';

/** Either the client has nothing saved yet, or the search and filters hide everything (000 §2). */
export function LibraryEmptyState({ libraryEmpty }: { libraryEmpty: boolean }) {
  const Icon = libraryEmpty ? Inbox : FileSearch;
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed px-6 py-14 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">{libraryEmpty ? LIBRARY.emptyTitle : LIBRARY.noMatchTitle}</p>
      <p className="max-w-md text-muted-foreground text-sm">
        {libraryEmpty ? LIBRARY.empty : LIBRARY.noMatchHint}
      </p>
    </div>
  );
}
