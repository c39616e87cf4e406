/**
 * A field that starts from a prefill (the chosen client's website or instructions) until the user edits
 * it. The form keeps only the edit (null: follow the prefill), so picking another client starts over
 * by clearing the edit, and a restored form brings the edited text back.
 */
export function prefilled(edit: string | null, prefill: string): { value: string; edited: boolean } {
  const value = edit ?? prefill;
  return { value, edited: value !== prefill };
}
