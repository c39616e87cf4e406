import { Trash2 } from 'lucide-react';
import { type ApiKeySummary, maskedApiKey } from '#shared/api-keys';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { formatKeyDate } from './api-key-dates';

export interface ApiKeyRowProps {
  readonly apiKey: ApiKeySummary;
  /** The list shows everyone's keys (admins): the owner is named. */
  readonly showOwner: boolean;
  /** The signed-in user owns the key (only owners may delete or reactivate). */
  readonly owned: boolean;
  readonly busy: boolean;
  onToggle(apiKey: ApiKeySummary, active: boolean): void;
  onDelete(apiKey: ApiKeySummary): void;
}

/**
 * The switch's label. It stays the same whichever way the switch is set (the switch says on or off,
 * the badge says Active or Inactive), and the switch's name starts with it, so a speech user who says
 * what they see reaches it (WCAG 2.5.3; docs/decisions.md, 'The API key switch is named Active').
 */
const SWITCH_LABEL = 'Active';

export function ApiKeyRow({ apiKey, showOwner, owned, busy, onToggle, onDelete }: ApiKeyRowProps) {
  const switchId = `api-key-active-${apiKey.id}`;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="api-key-row">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="break-all font-medium">{apiKey.name}</span>
          <Badge variant={apiKey.is_active ? 'green' : 'secondary'}>
            {apiKey.is_active ? 'Active' : 'Inactive'}
          </Badge>
        </div>
        <code className="block break-all font-mono text-muted-foreground text-xs">
          {maskedApiKey(apiKey.key_prefix)}
        </code>
        <div className="flex flex-wrap gap-1" data-testid="api-key-scopes">
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} variant="secondary" className="capitalize">
              {scope}
            </Badge>
          ))}
          {apiKey.expires_at &&
            (Date.parse(apiKey.expires_at) <= Date.now() ? (
              <Badge variant="destructive">Expired</Badge>
            ) : (
              <Badge variant="outline">Expires {formatKeyDate(apiKey.expires_at)}</Badge>
            ))}
        </div>
        <p className="text-muted-foreground text-xs">
          Created {formatKeyDate(apiKey.created_at)} · Last used {formatKeyDate(apiKey.last_used_at)}
          {showOwner && <> · {apiKey.user_email}</>}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <div className="flex items-center gap-2">
          <Switch
            id={switchId}
            checked={apiKey.is_active}
            // While the toggle is saved the switch stays focusable (aria-disabled, presses ignored), so
            // the keyboard focus is not lost to the page as a disabled control would lose it.
            disabled={!owned && !apiKey.is_active}
            aria-disabled={busy || undefined}
            onCheckedChange={(checked) => {
              if (!busy) onToggle(apiKey, checked);
            }}
            aria-label={`${SWITCH_LABEL}: ${apiKey.name}`}
          />
          <label htmlFor={switchId} className="text-sm">
            {SWITCH_LABEL}
          </label>
        </div>
        {owned && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            busy={busy}
            onClick={() => onDelete(apiKey)}
            aria-label={`Delete ${apiKey.name}`}
          >
            <Trash2 aria-hidden className="text-destructive" />
          </Button>
        )}
      </div>
    </li>
  );
}
