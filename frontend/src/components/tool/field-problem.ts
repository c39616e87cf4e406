import type { ToastText } from '#shared/tools/common';

/**
 * A form's validation problem: the spec's toast, and the field at fault, where the same words are
 * shown under the control with `aria-invalid` and `aria-describedby`. A problem that no one
 * field owns has no `field`; it is only toasted.
 */
export type FieldProblem<Field extends string = string> = ToastText & { readonly field?: Field };

/** `problem` as the problem of `field`. */
export function atField<Field extends string>(field: Field, problem: ToastText): FieldProblem<Field> {
  return { ...problem, field };
}

/**
 * The words shown at the field: the toast's description, which says what to do, or its title when the
 * spec's message is only a title ('Please select at least one content type').
 */
export function fieldMessage(problem: ToastText): string {
  return problem.description ?? problem.title;
}
