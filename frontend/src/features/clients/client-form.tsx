import { APPROVAL_STEPS_FIELD, APPROVAL_STEPS_SETTINGS, isApprovalStepsSetting } from '#shared/approvals';
import { CheckField } from '@/components/tool/check-field';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { CLIENT_FORM_SECTIONS, type ClientFormField, type ClientFormFieldName } from './client-form-fields';
import type { ClientFormValues } from './client-form-values';
import { APPROVAL_SETTING } from './messages';
import { WordpressPasswordField } from './wordpress-password-field';

export interface ClientFormProps {
  /** Prefixes the control ids, so the Add and Edit dialogs never share one. */
  idPrefix: string;
  values: ClientFormValues;
  onChange: (values: ClientFormValues) => void;
  /** Edit only: whether the client already has a saved WordPress password. */
  passwordSaved: boolean;
  /** Problems shown at their fields as well as in the toast: the name, the WordPress URL. */
  errors?: Partial<Record<ClientFormFieldName, string | null>>;
}

function FieldControl({
  field,
  id,
  value,
  onChange,
}: {
  field: ClientFormField;
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  if (field.rows !== undefined) {
    return (
      <Textarea
        id={id}
        name={field.name}
        rows={field.rows}
        value={value}
        placeholder={field.placeholder}
        onChange={(event) => onChange(event.target.value)}
        className="resize-y"
      />
    );
  }
  return (
    <Input
      id={id}
      name={field.name}
      type={field.type ?? 'text'}
      inputMode={field.inputMode}
      autoComplete={field.autoComplete}
      value={value}
      placeholder={field.placeholder}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Every field of the client profile, with the spec's row counts and input types. */
export function ClientForm({ idPrefix, values, onChange, passwordSaved, errors = {} }: ClientFormProps) {
  return (
    <div className="grid gap-6">
      {CLIENT_FORM_SECTIONS.map((section) => (
        <fieldset key={section.title} className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 font-medium text-muted-foreground text-xs uppercase tracking-wide sm:col-span-2">
            {section.title}
          </legend>
          {section.fields.map((field) => {
            const id = `${idPrefix}-${field.name}`;
            return (
              <FormField
                key={field.name}
                label={field.label}
                htmlFor={id}
                // The name is required, but the spec's toast says so (000 §5), not the browser's bubble.
                required={field.name === 'name'}
                error={errors[field.name] ?? null}
                className={cn(field.wide && 'sm:col-span-2')}
              >
                <FieldControl
                  field={field}
                  id={id}
                  value={values[field.name]}
                  onChange={(value) => onChange({ ...values, [field.name]: value })}
                />
              </FormField>
            );
          })}
          {section.withPassword && (
            <>
              <WordpressPasswordField
                id={`${idPrefix}-wordpress_app_password`}
                className="sm:col-span-2"
                value={values.wordpress_app_password}
                removePassword={values.removePassword}
                passwordSaved={passwordSaved}
                onChange={(changes) => onChange({ ...values, ...changes })}
              />
              <div className="sm:col-span-2">
                <CheckField
                  id={`${idPrefix}-require_approval`}
                  asSwitch
                  label={APPROVAL_SETTING.label}
                  hint={APPROVAL_SETTING.hint}
                  checked={values.require_approval}
                  onChange={(require_approval) => onChange({ ...values, require_approval })}
                />
              </div>
              <FormField
                label={APPROVAL_STEPS_FIELD.label}
                htmlFor={`${idPrefix}-approval_steps`}
                hint={APPROVAL_STEPS_FIELD.hint}
                className="sm:col-span-2"
              >
                <Select
                  value={values.approval_steps}
                  onValueChange={(next) => {
                    if (isApprovalStepsSetting(next)) onChange({ ...values, approval_steps: next });
                  }}
                >
                  <SelectTrigger id={`${idPrefix}-approval_steps`} className="sm:w-80">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {APPROVAL_STEPS_SETTINGS.map((setting) => (
                      <SelectItem key={setting} value={setting}>
                        {APPROVAL_STEPS_FIELD.options[setting]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </FormField>
            </>
          )}
        </fieldset>
      ))}
    </div>
  );
}
