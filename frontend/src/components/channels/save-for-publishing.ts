import type { ClientContent, CreateContentInput } from '#shared/content';
import { TOOL_MESSAGES } from '#shared/tools/common';
import { showError, showToast } from '@/components/tool/tool-toast';
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
