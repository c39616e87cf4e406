/**
 * The client profile's instruction fields (spec 000 §2-3), each described once: the profile's text
 * fields, the request schemas' limits, the stored item and its card previews, the list's and the public
 * API's schemas, the client form and the card are derived from this record, so a new instruction field
 * is one entry here (and the prompt that reads it).
 */
export interface ClientInstructionDescriptor {
  /** The client form's label (000 §2). */
  readonly label: string;
  /** The client card's panel title (000 §2). */
  readonly cardLabel: string;
  /** The form's textarea height in rows, as the spec gives it. */
  readonly rows: number;
  readonly placeholder?: string;
}

export const CLIENT_INSTRUCTIONS = {
  newsletter_instructions: {
    label: 'Newsletter Instructions',
    cardLabel: 'Newsletter',
    rows: 3,
    placeholder: 'Tone, topics and rules every newsletter for this client follows',
  },
  press_release_instructions: {
    label: 'Press Release Instructions',
    cardLabel: 'Press Release',
    rows: 8,
  },
  content_instructions: {
    label: 'Content Instructions',
    cardLabel: 'Client Content',
    rows: 8,
  },
} as const satisfies Readonly<Record<`${string}_instructions`, ClientInstructionDescriptor>>;

export type ClientInstructionField = keyof typeof CLIENT_INSTRUCTIONS;

// Pure, so that a bundle which reads none of it drops the list (esbuild keeps a top-level call otherwise).
export const CLIENT_INSTRUCTION_FIELDS = /* @__PURE__ */ Object.keys(
  CLIENT_INSTRUCTIONS,
) as readonly ClientInstructionField[];

/** A record with one value per instruction field, each built by `make` (schemas, previews, form fields). */
export function byInstructionField<Value>(
  make: (field: ClientInstructionField) => Value,
): Record<ClientInstructionField, Value> {
  return Object.fromEntries(CLIENT_INSTRUCTION_FIELDS.map((field) => [field, make(field)])) as Record<
    ClientInstructionField,
    Value
  >;
}
