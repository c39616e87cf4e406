import { Check, Save } from 'lucide-react';
import { useState } from 'react';
import type { SavableKind } from '#shared/saved-title';
import { TOOL_MESSAGES, type ToastText } from '#shared/tools/common';
import { Button } from '@/components/ui/button';
import { api, errorMessage } from '@/lib/api-client';
import { manualSaveBody } from './manual-save';
import { useActionDisabled } from './result-actions-state';
import type { JobMeta, ToolOutput } from './tool-output';
import { showError, showToast } from './tool-toast';
import { findClient, type ToolClient } from './use-tool-clients';

/**
 * Saves the shown result to the client chosen in the settings (000 §2 "saving manually is possible
 * with a chosen client"; 001 §2 "Save Content"). Once saved, to this client by this button or by the
 * job itself, it reads 'Saved' so the same result is not stored twice by accident.
 */
export function SaveToClientButton({
  kind,
  label = 'Save to Client',
  output,
  meta,
  clientId,
  clients,
  metadata,
  messages,
  disabled,
}: {
  kind: SavableKind;
  label?: string;
  output: ToolOutput | null;
  meta: JobMeta;
  clientId: string | null;
  clients: readonly ToolClient[];
  /** The tool's metadata of 001 §3 for this result; the word count is added. */
  metadata: () => Record<string, unknown>;
  messages: { noClient: ToastText; nothing: ToastText; saved: (clientName: string) => ToastText };
  disabled?: boolean;
}) {
  const [saving, setSaving] = useState(false);
  const [savedKey, setSavedKey] = useState<string | null>(null);
  const key = output && clientId ? `${clientId}\n${output.html}` : null;
  const saved =
    key !== null &&
    (savedKey === key || (meta.savedContent !== null && meta.savedContent.clientId === clientId));

  const off = useActionDisabled(disabled || output === null);

  const save = async () => {
    if (saving || saved) return;
    if (!output) return showToast(messages.nothing, 'destructive');
    if (!clientId) return showToast(messages.noClient, 'destructive');
    const client = findClient(clients, clientId);
    if (!client) return showError(TOOL_MESSAGES.clientNotFound);
    setSaving(true);
    try {
      await api.post(
        `/api/clients/${encodeURIComponent(client.id)}/content`,
        manualSaveBody(kind, output, metadata(), new Date()),
      );
      setSavedKey(key);
      showToast(messages.saved(client.name), 'success');
    } catch (error) {
      showError(errorMessage(error, TOOL_MESSAGES.saveFailed.description), TOOL_MESSAGES.saveFailed.title);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Button
      type="button"
      size="sm"
      variant={saved ? 'secondary' : output ? 'default' : 'outline'}
      // Saving and Saved are aria-disabled, not disabled: a disabled button would drop the keyboard
      // focus to <body> as it saves; `save` refuses the press itself.
      disabled={off}
      aria-disabled={saving || saved || undefined}
      className="aria-disabled:cursor-default"
      onClick={() => void save()}
    >
      {saved ? <Check aria-hidden="true" /> : <Save aria-hidden="true" />}
      {saved ? 'Saved' : saving ? 'Saving...' : label}
    </Button>
  );
}
