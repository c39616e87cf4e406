import { type ChangeEvent, useCallback, useMemo, useState } from 'react';
import { type FieldProblem, fieldMessage } from './field-problem';
import type { ToolOutput } from './tool-output';
import { showToast } from './tool-toast';
import { type ToolRun, type ToolRunConfig, useToolRun } from './use-tool-run';

/**
 * One tool page's state and run, the piece every tool screen is built on (docs/decisions.md "Building a
 * tool page"): the settings form, field bindings for the controls, and the generation job. Generate
 * stores the form with the job, so a page reopened while (or after) the job ran shows the form that
 * asked for it, whatever kind of result the tool produces (HTML, images, audio, lists: `Output`).
 */

export interface ToolDefinition<Form, Request, Output = ToolOutput> extends ToolRunConfig<Request, Output> {
  /** The settings when the page opens; a function, since some defaults depend on the day. */
  readonly initialForm: () => Form;
}

type KeysOf<Form, Value> = { [Key in keyof Form]-?: Form[Key] extends Value ? Key : never }[keyof Form];

export interface Tool<Form, Request, Output = ToolOutput> {
  readonly form: Form;
  set<Key extends keyof Form>(key: Key, value: Form[Key]): void;
  /** A change of several fields at once (picking a client resets what depends on it). */
  update(change: (form: Form) => Form): void;
  readonly run: ToolRun<Request, Output, Form>;
  /** True while a job is being submitted or runs: the settings that shape it are locked. */
  readonly busy: boolean;
  /**
   * Shows `problem` as a destructive toast (and at its field, see `error`), or builds the request and
   * starts the job with the form.
   */
  generate(problem: FieldProblem | null, request: () => Request): void;
  /**
   * The last Generate's problem when it belongs to `field`, for its FormField; it goes once
   * the field's value changes, or at the next Generate.
   */
  error(field: string): string | null;
  /** Binds a text field to <Input>/<Textarea>. */
  text<Key extends KeysOf<Form, string>>(
    key: Key,
  ): { value: string; onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void };
  /** Binds a boolean field to <CheckField>. */
  check<Key extends KeysOf<Form, boolean>>(
    key: Key,
  ): { checked: boolean; onChange: (checked: boolean) => void };
  /** Binds any field to a select (ModelSelect, ClientSelect, PlainSelect...), locked while busy. */
  choice<Key extends keyof Form>(
    key: Key,
  ): { value: Form[Key]; onChange: (value: Form[Key]) => void; disabled: boolean };
}

/** A form field's value by name; undefined for a field the page keeps outside the form. */
function fieldValue(form: unknown, field: string): unknown {
  return typeof form === 'object' && form !== null ? (form as Record<string, unknown>)[field] : undefined;
}

export function useTool<Form, Request, Output = ToolOutput>(
  definition: ToolDefinition<Form, Request, Output>,
): Tool<Form, Request, Output> {
  const [form, setForm] = useState<Form>(definition.initialForm);
  // The field at fault, its message, and its value then: editing the field clears the error.
  const [fieldError, setFieldError] = useState<{ field: string; message: string; value: unknown } | null>(
    null,
  );
  const run = useToolRun<Request, Output, Form>(definition, { onRestore: setForm });

  const set = useCallback(
    <Key extends keyof Form>(key: Key, value: Form[Key]) =>
      setForm((current) => ({ ...current, [key]: value })),
    [],
  );
  const busy = run.generating;
  const { generate: start } = run;

  return useMemo<Tool<Form, Request, Output>>(
    () => ({
      form,
      set,
      update: setForm,
      run,
      busy,
      generate: (problem, request) => {
        setFieldError(
          problem?.field
            ? { field: problem.field, message: fieldMessage(problem), value: fieldValue(form, problem.field) }
            : null,
        );
        if (problem) {
          showToast(problem, 'destructive');
          return;
        }
        start(request(), form);
      },
      error: (field) =>
        fieldError?.field === field && Object.is(fieldValue(form, field), fieldError.value)
          ? fieldError.message
          : null,
      text: (key) => ({
        value: String(form[key]),
        // The key only names string fields, so the event's string is the field's type.
        onChange: (event) => set(key, event.target.value as Form[typeof key]),
      }),
      check: (key) => ({
        checked: form[key] === true,
        onChange: (checked) => set(key, checked as Form[typeof key]),
      }),
      choice: (key) => ({ value: form[key], onChange: (value) => set(key, value), disabled: busy }),
    }),
    [form, set, run, busy, start, fieldError],
  );
}
