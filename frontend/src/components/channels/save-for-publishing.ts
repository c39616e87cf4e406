import { useState } from 'react';
import type { ClientContent, CreateContentInput } from '#shared/content';
import { TOOL_MESSAGES } from '#shared/tools/common';
import { showError, showToast } from '@/components/tool/tool-toast';
import { findClient, type ToolClient } from '@/components/tool/use-tool-clients';
import { api, errorMessage, isSessionEnded } from '@/lib/api-client';

/**
 * Saves a tool's result to the client's library so it can be published (publications belong to an
 * item): the item's id, or null once the failure was said, as the tools' Save to Client says it.
 */
export async function saveForPublishing(
  client: { readonly id: string; readonly name: string },
  body: CreateContentInput,
  what: string,
): Promise<string | null> {
  try {
    const saved = await api.post<ClientContent>(
      `/api/clients/${encodeURIComponent(client.id)}/content`,
      body,
    );
    showToast(TOOL_MESSAGES.savedToClient(what, client.name), 'success');
    return saved.id;
  } catch (error) {
    if (!isSessionEnded(error))
      showError(errorMessage(error, TOOL_MESSAGES.saveFailed.description), TOOL_MESSAGES.saveFailed.title);
    return null;
  }
}

/**
 * A tool result's library item for Publish: the one the run saved for the chosen client, or the one
 * Publish saved (once per result and client; `key` tells results apart), and the save Publish calls.
 */
export function useSaveForPublishing(options: {
  readonly clients: readonly ToolClient[];
  readonly clientId: string | null;
  /** What tells this result apart (its text), or null when there is nothing to publish. */
  readonly resultKey: string | null;
  /** The item the run itself saved, if it did. */
  readonly savedByRun: { readonly id: string; readonly clientId: string } | null | undefined;
  /** The body of the library item. */
  readonly body: () => CreateContentInput | null;
  /** What the toast names ('GBP post'). */
  readonly what: string;
}): { contentId: string | null; save: (clientId: string) => Promise<string | null> } {
  const [saved, setSaved] = useState<{ key: string; contentId: string } | null>(null);
  const key =
    options.resultKey !== null && options.clientId ? `${options.clientId}\n${options.resultKey}` : null;
  const byRun = options.savedByRun?.clientId === options.clientId ? options.savedByRun.id : null;
  const contentId = byRun ?? (saved && saved.key === key ? saved.contentId : null);
  const save = async (clientId: string): Promise<string | null> => {
    const chosen = findClient(options.clients, clientId);
    const body = options.body();
    if (!key || !body) return null;
    if (!chosen) {
      showError(TOOL_MESSAGES.clientNotFound);
      return null;
    }
    const id = await saveForPublishing(chosen, body, options.what);
    if (id) setSaved({ key, contentId: id });
    return id;
  };
  return { contentId, save };
}
