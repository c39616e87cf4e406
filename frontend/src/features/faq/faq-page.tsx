import {
  FAQ_CONTENT_TYPE_OPTIONS,
  FAQ_HEADING_LEVELS,
  FAQ_LABELS,
  FAQ_MESSAGES,
  type FaqRequestInput,
  faqRequestSchema,
} from '#shared/tools/faq';
import { CheckField } from '@/components/tool/check-field';
import { ClientSelect } from '@/components/tool/client-select';
import { GenerateButton } from '@/components/tool/generate-button';
import { viewerTimeZone } from '@/components/tool/manual-save';
import { ModelSelect } from '@/components/tool/model-select';
import { PlainSelect } from '@/components/tool/plain-select';
import { CopyButton, HtmlAndTextDownloads } from '@/components/tool/result-actions';
import { PICKER_FIELDS } from '@/components/tool/tool-clients-query';
import { NOTHING_GENERATED } from '@/components/tool/tool-messages';
import { SettingsCard, ToolPage } from '@/components/tool/tool-page';
import { ToolResult } from '@/components/tool/tool-result';
import { type ToolDefinition, useTool } from '@/components/tool/use-tool';
import { useToolClients } from '@/components/tool/use-tool-clients';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import {
  type FaqForm,
  faqDownload,
  faqRequest,
  initialFaqForm,
  QUESTION_COUNTS,
  readFaqOutput,
  validateFaq,
} from './faq-form';

const FAQ: ToolDefinition<FaqForm, FaqRequestInput> = {
  tool: 'faq',
  schema: faqRequestSchema,
  initialForm: () => initialFaqForm,
  readOutput: readFaqOutput,
  messages: {
    generated: (output, request) => FAQ_MESSAGES.generated(request?.contentType ?? 'faq', output.wordCount),
    failed: FAQ_MESSAGES.generationFailed,
    saved: (clientName, request) => FAQ_MESSAGES.saved(request?.contentType ?? 'faq', clientName),
    invalid: FAQ_MESSAGES.invalidResponse,
  },
};

const COUNT_OPTIONS = QUESTION_COUNTS.map((count) => ({ value: String(count), label: String(count) }));
const HEADING_OPTIONS = FAQ_HEADING_LEVELS.map((level) => ({ value: level, label: level.toUpperCase() }));

/** FAQ & How To Generator (001 §2). */
export function FaqPage() {
  const tool = useTool(FAQ);
  const { form, run } = tool;
  const clientList = useToolClients(PICKER_FIELDS['/faq']);
  const { clients } = clientList;
  const hasClients = clients.length > 0;
  const isFaq = form.contentType === 'faq';

  const generate = () =>
    tool.generate(validateFaq(form, hasClients), () =>
      faqRequest(form, { timeZone: viewerTimeZone(), hasClients }),
    );

  const { output, request } = run;
  const download = (extension: 'html' | 'txt') =>
    output && request ? faqDownload(output, request, extension, new Date()) : null;
  const schema = output?.extras.schema ?? null;

  const settings = (
    <SettingsCard
      title="FAQ Settings"
      description="Choose what to write, about what, and how it is structured."
      onSubmit={generate}
    >
      <PlainSelect
        id="faq-content-type"
        label={FAQ_LABELS.contentType}
        options={FAQ_CONTENT_TYPE_OPTIONS}
        {...tool.choice('contentType')}
      />
      <ModelSelect {...tool.choice('model')} />
      <FormField label={FAQ_LABELS.topic} htmlFor="faq-topic" required error={tool.error('topic')}>
        <Input
          id="faq-topic"
          placeholder={isFaq ? 'e.g., Roof replacement costs' : 'e.g., How to winterize outdoor faucets'}
          {...tool.text('topic')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <PlainSelect
          id="faq-count"
          label={FAQ_LABELS.questionCount(form.contentType)}
          value={String(form.questionCount)}
          options={COUNT_OPTIONS}
          onChange={(count) => tool.set('questionCount', Number(count))}
          disabled={tool.busy}
        />
        <PlainSelect
          id="faq-heading"
          label={FAQ_LABELS.headingLevel}
          options={HEADING_OPTIONS}
          {...tool.choice('headingLevel')}
        />
      </div>
      <FormField label={FAQ_LABELS.additionalInstructions} htmlFor="faq-prompt">
        <Textarea
          id="faq-prompt"
          rows={3}
          placeholder="Audience, tone, points to cover..."
          {...tool.text('prompt')}
        />
      </FormField>
      <FormField label={FAQ_LABELS.customQuestions(form.contentType)} htmlFor="faq-custom">
        <Textarea
          id="faq-custom"
          rows={4}
          {...tool.text('customQuestions')}
          placeholder={
            isFaq
              ? 'How long does a roof last?\nDo you offer financing?'
              : 'Shut off the water\nDrain the line'
          }
        />
      </FormField>
      <ClientSelect
        label="Client (optional)"
        {...clientList}
        {...tool.choice('clientId')}
        hint="The client's newsletter instructions guide the writing."
        error={tool.error('clientId')}
      />
      <div className="grid gap-3">
        <CheckField id="faq-header" label={FAQ_LABELS.includeHeader} {...tool.check('includeHeader')} />
        {hasClients && (
          <CheckField id="faq-save" label={FAQ_LABELS.saveToClient} {...tool.check('saveToClient')} />
        )}
      </div>
      <GenerateButton
        label={isFaq ? 'Generate FAQ' : 'Generate How To Guide'}
        run={run}
        disabled={form.topic === ''}
      />
    </SettingsCard>
  );

  const result = (
    <ToolResult
      run={run}
      views={['preview', 'html', 'text']}
      frameTitle="FAQ preview"
      empty={'Enter a topic and click "Generate" to see the preview'}
      actions={
        <>
          <CopyButton text={output?.html ?? null} nothing={NOTHING_GENERATED} />
          <HtmlAndTextDownloads file={download} nothing={NOTHING_GENERATED} />
        </>
      }
    >
      {schema !== null && (
        <section className="grid gap-2 rounded-md border p-3" aria-label={FAQ_LABELS.schema}>
          <div className="flex items-center justify-between gap-2">
            <h2 className="font-medium text-sm">{FAQ_LABELS.schema}</h2>
            <CopyButton label="Copy Schema" text={schema} nothing={NOTHING_GENERATED} />
          </div>
          <Textarea
            aria-label="JSON-LD code"
            readOnly
            value={schema}
            className="h-64 min-h-40 font-mono text-xs"
          />
        </section>
      )}
    </ToolResult>
  );

  return (
    <ToolPage
      title="FAQ & How To Generator"
      description="Write an FAQ or a step-by-step guide with matching schema.org JSON-LD."
      settings={settings}
      result={result}
    />
  );
}
