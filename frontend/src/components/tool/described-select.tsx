import { CheckIcon } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectTrigger, SelectValue } from '@/components/ui/select';

export interface DescribedOption<Value extends string> {
  readonly value: Value;
  readonly label: string;
  readonly description: string;
}

/**
 * A select whose options carry a one-line description under their label (models, blog frameworks).
 * The trigger shows only the label; the chosen option's description sits below it as the hint.
 */
export function DescribedSelect<Value extends string>({
  id,
  label,
  value,
  onChange,
  options,
  showDescriptions = true,
  disabled,
}: {
  id: string;
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  options: readonly DescribedOption<Value>[];
  showDescriptions?: boolean;
  disabled?: boolean;
}) {
  const selected = options.find((option) => option.value === value);
  return (
    <FormField label={label} htmlFor={id} hint={showDescriptions ? selected?.description : undefined}>
      <Select
        value={value}
        onValueChange={(next) => {
          const option = options.find((entry) => entry.value === next);
          if (option) onChange(option.value);
        }}
        disabled={disabled}
      >
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectPrimitive.Item
              key={option.value}
              value={option.value}
              className="relative flex w-full cursor-default select-none flex-col items-start gap-0.5 rounded-sm py-1.5 pr-8 pl-2 text-sm outline-hidden focus:bg-accent focus:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset data-[disabled]:pointer-events-none data-[disabled]:opacity-50"
            >
              <span className="absolute top-2 right-2 flex size-3.5 items-center justify-center">
                <SelectPrimitive.ItemIndicator>
                  <CheckIcon className="size-4" />
                </SelectPrimitive.ItemIndicator>
              </span>
              <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              {showDescriptions && (
                <span className="max-w-sm whitespace-normal text-muted-foreground text-xs">
                  {option.description}
                </span>
              )}
            </SelectPrimitive.Item>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}
