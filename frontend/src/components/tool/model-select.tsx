import { isLanguageModelId, type LanguageModel, type LanguageModelId, TEXT_MODELS } from '#shared/models';
import { DescribedSelect } from './described-select';

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
  value: LanguageModelId;
  onChange: (modelId: LanguageModelId) => void;
  models?: readonly LanguageModel[];
  /** Client Content shows each model with its description (001 §2). */
  showDescriptions?: boolean;
  disabled?: boolean;
}) {
  return (
    <DescribedSelect
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      options={models.flatMap((model) =>
        isLanguageModelId(model.id)
          ? [{ value: model.id, label: model.label, description: model.description }]
          : [],
      )}
      showDescriptions={showDescriptions}
      disabled={disabled}
    />
  );
}
