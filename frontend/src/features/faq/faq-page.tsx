import { useState } from 'react';
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
import { NOTHING_GENERATED } from '@/components/tool/tool-messages';
import { SettingsCard, ToolPage } from '@/components/tool/tool-page';
import { ToolResult } from '@/components/tool/tool-result';
import { showToast } from '@/components/tool/tool-toast';
import { useToolClients } from '@/components/tool/use-tool-clients';
import { type ToolRunConfig, useToolRun } from '@/components/tool/use-tool-run';
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

const RUN: ToolRunConfig<FaqRequestInput> = {
  tool: 'faq',
  endpoint: '/api/generate-faq',
  schema: faqRequestSchema,
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
  const [form, setForm] = useState<FaqForm>(initialFaqForm);
  const set = <Key extends keyof FaqForm>(key: Key, value: FaqForm[Key]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const { clients, loading } = useToolClients(['newsletter_instructions']);
  const run = useToolRun(RUN);
  const hasClients = clients.length > 0;
  const isFaq = form.contentType === 'faq';

  const generate = () => {
    const problem = validateFaq(form, hasClients);
    if (problem) return showToast(problem, 'destructive');
    run.generate(faqRequest(form, { timeZone: viewerTimeZone(), hasClients }));
  };

  const { output, request } = run;
  const download = (extension: 'html' | 'txt') =>
    output && request ? faqDownload(output, request, extension, new Date()) : null;
  const schema = output?.extras.schema ?? null;

  const settings = (
    <SettingsCard
      title="FAQ Settings"
      description="Choose what to write, about what, and how it is structured."
    >
      <PlainSelect
        id="faq-content-type"
        label={FAQ_LABELS.contentType}
        value={form.contentType}
        options={FAQ_CONTENT_TYPE_OPTIONS}
        onChange={(contentType) => set('contentType', contentType)}
        disabled={run.generating}
      />
      <ModelSelect value={form.model} onChange={(model) => set('model', model)} disabled={run.generating} />
      <FormField label={FAQ_LABELS.topic} htmlFor="faq-topic">
        <Input
          id="faq-topic"
          value={form.topic}
          placeholder={isFaq ? 'e.g., Roof replacement costs' : 'e.g., How to winterize outdoor faucets'}
          onChange={(event) => set('topic', event.target.value)}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <PlainSelect
          id="faq-count"
          label={FAQ_LABELS.questionCount(form.contentType)}
          value={String(form.questionCount)}
          options={COUNT_OPTIONS}
          onChange={(count) => set('questionCount', Number(count))}
          disabled={run.generating}
        />
        <PlainSelect
          id="faq-heading"
          label={FAQ_LABELS.headingLevel}
          value={form.headingLevel}
          options={HEADING_OPTIONS}
          onChange={(level) => set('headingLevel', level)}
          disabled={run.generating}
        />
      </div>
      <FormField label={FAQ_LABELS.additionalInstructions} htmlFor="faq-prompt">
        <Textarea
          id="faq-prompt"
          rows={3}
          value={form.prompt}
          placeholder="Audience, tone, points to cover..."
          onChange={(event) => set('prompt', event.target.value)}
        />
      </FormField>
      <FormField label={FAQ_LABELS.customQuestions(form.contentType)} htmlFor="faq-custom">
        <Textarea
          id="faq-custom"
          rows={4}
          value={form.customQuestions}
          placeholder={
            isFaq
              ? 'How long does a roof last?\nDo you offer financing?'
              : 'Shut off the water\nDrain the line'
          }
          onChange={(event) => set('customQuestions', event.target.value)}
        />
      </FormField>
      <ClientSelect
        label="Client (optional)"
        clients={clients}
        loading={loading}
        value={form.clientId}
        onChange={(clientId) => set('clientId', clientId)}
        disabled={run.generating}
        hint="The client's newsletter instructions guide the writing."
      />
      <div className="grid gap-3">
        <CheckField
          id="faq-header"
          label={FAQ_LABELS.includeHeader}
          checked={form.includeHeader}
          onChange={(checked) => set('includeHeader', checked)}
        />
        {hasClients && (
          <CheckField
            id="faq-save"
            label={FAQ_LABELS.saveToClient}
            checked={form.saveToClient}
            onChange={(checked) => set('saveToClient', checked)}
          />
        )}
      </div>
      <GenerateButton
        label={isFaq ? 'Generate FAQ' : 'Generate How To Guide'}
        onClick={generate}
        disabled={form.topic === ''}
        generating={run.generating}
        progress={run.job.progress}
        retryNote={run.job.retryNote}
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
          <CopyButton text={output?.html ?? null} nothing={NOTHING_GENERATED} disabled={run.generating} />
          <HtmlAndTextDownloads file={download} nothing={NOTHING_GENERATED} disabled={run.generating} />
        </>
      }
    >
      {schema !== null && (
        <section className="grid gap-2 rounded-md border p-3" aria-label={FAQ_LABELS.schema}>
          <div className="flex items-center justify-between gap-2">
            <h3 className="font-medium text-sm">{FAQ_LABELS.schema}</h3>
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
