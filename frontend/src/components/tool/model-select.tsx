import { CheckIcon } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { isLanguageModelId, type LanguageModel, type LanguageModelId, TEXT_MODELS } from '#shared/models';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectTrigger, SelectValue } from '@/components/ui/select';

/** The AI model select of every text tool; the first model of the list is the default (000 §9). */
export function ModelSelect({
  id = 'model',
  label = 'AI Model',
  value,
  onChange,
  models = TEXT_MODELS,
  showDescriptions = false,
  disabled,
}: {
  id?: string;
  label?: string;
  value: string;
  onChange: (modelId: LanguageModelId) => void;
  models?: readonly LanguageModel[];
  /** Client Content shows each model with its description (001 §2). */
  showDescriptions?: boolean;
  disabled?: boolean;
}) {
  const selected = models.find((model) => model.id === value);
  return (
    <FormField
      label={label}
      htmlFor={id}
      hint={showDescriptions && selected ? selected.description : undefined}
    >
      <Select
        value={value}
        onValueChange={(next) => {
          if (isLanguageModelId(next) && models.some((model) => model.id === next)) onChange(next);
        }}
        disabled={disabled}
      >
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {models.map((model) => (
            <SelectPrimitive.Item
              key={model.id}
              value={model.id}
              className="relative flex w-full cursor-default select-none flex-col items-start gap-0.5 rounded-sm py-1.5 pr-8 pl-2 text-sm outline-hidden focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50"
            >
              <span className="absolute top-2 right-2 flex size-3.5 items-center justify-center">
                <SelectPrimitive.ItemIndicator>
                  <CheckIcon className="size-4" />
                </SelectPrimitive.ItemIndicator>
              </span>
              <SelectPrimitive.ItemText>{model.label}</SelectPrimitive.ItemText>
              {showDescriptions && (
                <span className="max-w-sm whitespace-normal text-muted-foreground text-xs">
                  {model.description}
                </span>
              )}
            </SelectPrimitive.Item>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}
