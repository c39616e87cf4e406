import * as z from '#shared/validation/zod';

/**
 * `GET /dev/mailbox.json` of the local runtime: what Cognito and the app's notifications would have
 * e-mailed, newest first.
 */
export const mailboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  code: z.nullable(z.string()),
  kind: z.enum(['confirmation', 'reset', 'notification', 'other']),
  sentAt: z.string(),
});

export const mailboxSchema = z.object({ messages: z.array(mailboxMessageSchema) });

export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

export async function fetchMailbox(fetchImpl: typeof fetch = fetch): Promise<MailboxMessage[]> {
  const response = await fetchImpl('/dev/mailbox.json', {
    cache: 'no-store',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`The mailbox could not be loaded (HTTP ${response.status}).`);
  const parsed = mailboxSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error('The mailbox answered in an unexpected format.');
  // Newest first, whatever order the server keeps.
  return [...parsed.data.messages].sort((a, b) => Date.parse(b.sentAt) - Date.parse(a.sentAt));
}

export const MAILBOX_KIND_LABELS: Record<MailboxMessage['kind'], string> = {
  confirmation: 'Sign-up confirmation',
  reset: 'Password reset',
  notification: 'Notification',
  other: 'Other',
};
