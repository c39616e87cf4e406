import { Badge } from '@/components/ui/badge';
import { INSTRUCTION_FLAGS } from './messages';

/**
 * One of the card's three instruction panels: flagged 'Custom' or 'None', with the 200-character
 * preview the list serves (shared/client-list.ts cuts it).
 */
export function InstructionPanel({ label, preview }: { label: string; preview: string | null }) {
  const custom = preview !== null && preview.trim() !== '';
  return (
    <div className="grid gap-1.5 rounded-md border bg-muted/40 p-3" data-testid="instruction-panel">
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium text-xs">{label}</span>
        <Badge
          variant={custom ? 'default' : 'outline'}
          className={custom ? undefined : 'text-muted-foreground'}
        >
          {custom ? INSTRUCTION_FLAGS.custom : INSTRUCTION_FLAGS.none}
        </Badge>
      </div>
      {custom && (
        <p className="whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere] text-xs leading-relaxed">
          {preview}
        </p>
      )}
    </div>
  );
}
