import { DEFAULT_TEXT_MODEL_ID, type LanguageModelId } from '#shared/models';
import { countWords } from '#shared/text';
import { TOOL_MESSAGES } from '#shared/tools/common';
import { TAGLINE_MESSAGES, type TaglineRequestInput, taglineRequestSchema } from '#shared/tools/tagline';
import { CheckField } from '@/components/tool/check-field';
import { ClientSelect } from '@/components/tool/client-select';
import { atField } from '@/components/tool/field-problem';
import { GenerateButton } from '@/components/tool/generate-button';
import { viewerTimeZone } from '@/components/tool/manual-save';
import { ModelSelect } from '@/components/tool/model-select';
import { CopyButton } from '@/components/tool/result-actions';
import { errorToast, NOTHING_GENERATED } from '@/components/tool/tool-messages';
import { resultString } from '@/components/tool/tool-output';
import { SettingsCard, ToolPage } from '@/components/tool/tool-page';
import { ToolResult } from '@/components/tool/tool-result';
import { type ToolDefinition, useTool } from '@/components/tool/use-tool';
import { useToolClients } from '@/components/tool/use-tool-clients';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

interface TaglineForm {
  readonly topic: string;
  readonly model: LanguageModelId;
  readonly saveToClient: boolean;
  readonly clientId: string | null;
}

const TAGLINE: ToolDefinition<TaglineForm, TaglineRequestInput> = {
  tool: 'tagline',
  endpoint: '/api/generate-tagline',
  schema: taglineRequestSchema,
  initialForm: () => ({ topic: '', model: DEFAULT_TEXT_MODEL_ID, saveToClient: false, clientId: null }),
  readOutput: (result) => {
    const tagline = resultString(result, 'tagline');
    return tagline ? { html: '', text: tagline, wordCount: countWords(tagline), extras: {} } : null;
  },
  messages: {
    generated: () => TAGLINE_MESSAGES.generated(),
    failed: TAGLINE_MESSAGES.generationFailed,
    saved: (clientName) => TAGLINE_MESSAGES.saved(clientName),
  },
};

/** Tagline: a topic in, one slogan out. */
export function TaglinePage() {
  const tool = useTool(TAGLINE);
  const { form, run } = tool;
  const clientList = useToolClients([]);
  const generate = () =>
    tool.generate(
      form.topic.trim() === ''
        ? atField('topic', errorToast(TAGLINE_MESSAGES.topicRequired))
        : form.saveToClient && form.clientId === null
          ? atField('clientId', TOOL_MESSAGES.selectClient)
          : null,
      () => ({
        topic: form.topic.trim(),
        model: form.model,
        clientId: form.saveToClient ? form.clientId : null,
        saveToClient: form.saveToClient,
        timeZone: viewerTimeZone(),
      }),
    );

  const settings = (
    <SettingsCard title="Tagline Settings" description="Name a topic for the tagline." onSubmit={generate}>
      <FormField label="Topic" htmlFor="tagline-topic" required error={tool.error('topic')}>
        <Input id="tagline-topic" {...tool.text('topic')} />
      </FormField>
      <ModelSelect {...tool.choice('model')} />
      <CheckField id="tagline-save" asSwitch label="Save to Client" {...tool.check('saveToClient')} />
      {form.saveToClient && (
        <ClientSelect
          label="Client"
          {...clientList}
          allowNone={false}
          placeholder="Select a client"
          {...tool.choice('clientId')}
          required
          error={tool.error('clientId')}
        />
      )}
      <GenerateButton label="Generate Tagline" run={run} disabled={form.topic.trim() === ''} />
    </SettingsCard>
  );

  const result = (
    <ToolResult
      run={run}
      title="Tagline"
      views={['text']}
      tab="text"
      onTabChange={() => undefined}
      frameTitle="Tagline preview"
      empty={'Enter a topic and click "Generate Tagline" to see the tagline'}
      actions={<CopyButton text={run.output?.text ?? null} nothing={NOTHING_GENERATED} />}
    />
  );

  return (
    <ToolPage
      title="Tagline"
      description="One short slogan for a topic."
      settings={settings}
      result={result}
    />
  );
}
