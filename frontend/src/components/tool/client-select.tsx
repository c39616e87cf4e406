import type { ReactNode } from 'react';
import { BudgetWarning } from '@/components/budget-warning';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { canManageClient } from '@/lib/client-permissions';
import { ClientCombobox } from './client-combobox';
import { ClientSelectItems } from './client-select-items';
import {
  FETCH_CLIENTS_FAILED,
  findClient,
  type ToolClient,
  type ToolClientSearch,
  type ToolViewer,
} from './use-tool-clients';

/** Select items may not have an empty value (000 §5), so "no client" has a value of its own. */
export const NO_CLIENT_VALUE = 'none';
export const NO_CLIENT_LABEL = 'No client selected';

/**
 * The optional client picker of the tools; `null` is "no client". Given the list's `search`
 * (useToolClients), it is a combobox that searches the server (ClientCombobox); given clients alone,
 * a select of them.
 */
export function ClientSelect({
  id = 'client',
  label = 'Client',
  clients,
  value,
  onChange,
  loading = false,
  failed = false,
  allowNone = true,
  placeholder = NO_CLIENT_LABEL,
  disabled,
  hint,
  error,
  required = false,
  viewer = null,
  search,
}: {
  id?: string;
  label?: string;
  clients: readonly ToolClient[];
  value: string | null;
  onChange: (clientId: string | null) => void;
  loading?: boolean;
  /** The client list failed to load: the picker is disabled and says so (no "empty" list). */
  failed?: boolean;
  allowNone?: boolean;
  placeholder?: string;
  disabled?: boolean;
  hint?: ReactNode;
  /** The form's problem with the choice ('Select a client' when saving), shown under the picker. */
  error?: string | null;
  required?: boolean;
  /** The signed-in user: the chosen client's owner and admins see its budget warning under the picker. */
  viewer?: ToolViewer;
  /** The server-side search of useToolClients; without it the picker lists `clients`. */
  search?: ToolClientSearch;
}) {
  const chosen = findClient(clients, value);
  return (
    <div className="grid gap-2">
      <FormField label={label} htmlFor={id} hint={hint} error={error} required={required}>
        {search ? (
          <ClientCombobox
            id={id}
            search={search}
            chosen={chosen}
            value={value}
            onChange={onChange}
            allowNone={allowNone}
            noneLabel={NO_CLIENT_LABEL}
            placeholder={placeholder}
            disabled={Boolean(disabled) || loading || failed}
            failed={failed}
            failedText={FETCH_CLIENTS_FAILED}
            loading={loading}
            className={failed ? 'text-destructive' : undefined}
          />
        ) : (
          <Select
            value={failed ? '' : (value ?? (allowNone ? NO_CLIENT_VALUE : ''))}
            onValueChange={(next) => onChange(next === NO_CLIENT_VALUE ? null : next)}
            disabled={disabled || loading || failed}
          >
            <SelectTrigger id={id} className={failed ? 'text-destructive' : undefined}>
              <SelectValue
                placeholder={failed ? FETCH_CLIENTS_FAILED : loading ? 'Loading clients...' : placeholder}
              />
            </SelectTrigger>
            <SelectContent>
              {allowNone && <SelectItem value={NO_CLIENT_VALUE}>{NO_CLIENT_LABEL}</SelectItem>}
              <ClientSelectItems clients={clients} />
            </SelectContent>
          </Select>
        )}
      </FormField>
      {chosen && <BudgetWarning client={chosen} canManage={canManageClient(viewer, chosen)} />}
    </div>
  );
}

/** A chosen client's instructions for this tool in a small scrollable box, or the empty text (000 §2). */
export function InstructionsBox({
  title,
  text,
  emptyText,
}: {
  title: string;
  text: string | null | undefined;
  emptyText: string;
}) {
  const value = text?.trim() ?? '';
  return (
    <section aria-label={title} className="grid gap-1">
      <p className="font-medium text-muted-foreground text-xs">{title}</p>
      <div
        data-testid="client-instructions"
        className="max-h-28 overflow-y-auto whitespace-pre-wrap rounded-md border bg-muted/50 px-3 py-2 text-xs"
      >
        {value === '' ? <span className="text-muted-foreground italic">{emptyText}</span> : value}
      </div>
    </section>
  );
}
