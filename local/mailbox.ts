import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * What Cognito would have e-mailed, kept locally: printed on the console, listed at /dev/mailbox and
 * /dev/mailbox.json (local runtime only; nothing of this exists in the AWS build).
 */
export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  code: string | null;
  kind: 'confirmation' | 'reset' | 'other';
  sentAt: string;
}

const KEEP = 200;

export class Mailbox {
  private messages: MailboxMessage[];
  /** Recipients whose codes the runtime reads itself (the bootstrapped admin): not worth a console line. */
  private readonly unannounced = new Set<string>();

  constructor(private readonly file: string) {
    this.messages = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as MailboxMessage[]) : [];
  }

  add(message: Omit<MailboxMessage, 'id' | 'sentAt'>): MailboxMessage {
    const sentAt = new Date().toISOString();
    const stored: MailboxMessage = { ...message, id: `${Date.now()}-${this.messages.length}`, sentAt };
    this.messages = [stored, ...this.messages].slice(0, KEEP);
    writeFileSync(this.file, JSON.stringify(this.messages, null, 2));
    return stored;
  }

  /** Keeps deliveries to `address` off the console; they are still stored. */
  keepQuiet(address: string): void {
    this.unannounced.add(address.toLowerCase());
  }

  shouldAnnounce(address: string): boolean {
    return !this.unannounced.has(address.toLowerCase());
  }

  /** Newest first. */
  list(): readonly MailboxMessage[] {
    return this.messages;
  }
}
