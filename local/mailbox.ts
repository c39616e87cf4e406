import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * What Cognito, and the app through SES (local/internal-server.ts), would have e-mailed, kept locally: printed on the console, listed at /dev/mailbox and
 * /dev/mailbox.json (local runtime only; nothing of this exists in the AWS build).
 */
export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  code: string | null;
  /**
   * `notification`: the app's own e-mail (review links, reminders, decisions:
   * docs/decisions.md, "Notifications").
   */
  kind: 'confirmation' | 'reset' | 'notification' | 'other';
  sentAt: string;
}

const KEEP = 200;

type Delivery = Omit<MailboxMessage, 'id' | 'sentAt'>;

export class Mailbox {
  private messages: MailboxMessage[];
  /**
   * Recipients whose mail the runtime takes itself (the bootstrapped admin's sign-up code): handed to
   * it, never stored, listed or printed, since no person waits for it. Lower-cased address → the
   * delivery taken so far.
   */
  private readonly intercepted = new Map<string, Delivery | null>();

  constructor(private readonly file: string) {
    this.messages = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as MailboxMessage[]) : [];
  }

  /** Stores a delivery, or hands it to the runtime if it intercepts the address (then: null). */
  add(message: Delivery): MailboxMessage | null {
    const address = message.to.toLowerCase();
    if (this.intercepted.has(address)) {
      this.intercepted.set(address, message);
      return null;
    }
    const sentAt = new Date().toISOString();
    const stored: MailboxMessage = { ...message, id: `${Date.now()}-${this.messages.length}`, sentAt };
    this.messages = [stored, ...this.messages].slice(0, KEEP);
    writeFileSync(this.file, JSON.stringify(this.messages, null, 2));
    return stored;
  }

  /** Takes the mail to `address` from now on, until `endIntercept`. */
  intercept(address: string): void {
    this.intercepted.set(address.toLowerCase(), null);
  }

  /** Stops taking the mail to `address`; returns the last delivery taken, if any. */
  endIntercept(address: string): Delivery | null {
    const key = address.toLowerCase();
    const taken = this.intercepted.get(key) ?? null;
    this.intercepted.delete(key);
    return taken;
  }

  /** Newest first. */
  list(): readonly MailboxMessage[] {
    return this.messages;
  }
}
