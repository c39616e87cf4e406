import { decryptSecret, encryptSecret } from '#functions/clients/password-cipher';
import type { ReplyKeeper } from './idempotent-replies';

/**
 * Replies that hold a secret shown once (a webhook's signing secret, a review or statement link's token),
 * kept sealed with the sealed replies' own KMS key under the purpose `idempotent_reply`
 * (docs/decisions.md, "Idempotency-Key on every create"). A sealed reply is one KMS Encrypt, whose plain
 * text is at most 4,096 bytes.
 */
export const SEALED_REPLIES: ReplyKeeper = {
  maxBytes: 4096,
  seal: (text) => encryptSecret(text, 'idempotent_reply'),
  open: (kept) => decryptSecret(kept, 'idempotent_reply'),
};
