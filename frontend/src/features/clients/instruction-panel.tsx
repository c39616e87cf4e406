import { Badge } from '@/components/ui/badge';
import { instructionPreview } from './client-display';
import { INSTRUCTION_FLAGS } from './messages';

/** One of the card's three instruction panels: flagged 'Custom' or 'None', with a 200-character preview. */
export function InstructionPanel({ label, text }: { label: string; text: string | null }) {
  const custom = text !== null && text.trim() !== '';
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
          {instructionPreview(text)}
        </p>
      )}
    </div>
  );
}
