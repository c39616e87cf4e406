import { useState } from 'react';
import { TOOL_MESSAGES } from '#shared/tools/common';
import {
  NEWSLETTER_LABELS,
  NEWSLETTER_MESSAGES,
  type NewsletterRequestInput,
  newsletterRequestSchema,
} from '#shared/tools/newsletter';
import { CheckField } from '@/components/tool/check-field';
import { ClientSelect, InstructionsBox } from '@/components/tool/client-select';
import { GenerateButton } from '@/components/tool/generate-button';
import { viewerTimeZone } from '@/components/tool/manual-save';
import { ModelSelect } from '@/components/tool/model-select';
import { CopyButton, HtmlAndTextDownloads } from '@/components/tool/result-actions';
import { SaveToClientButton } from '@/components/tool/save-to-client-button';
import { SourceTabs } from '@/components/tool/source-tabs';
import { SettingsCard, ToolPage } from '@/components/tool/tool-page';
import { ToolResult } from '@/components/tool/tool-result';
import { showToast } from '@/components/tool/tool-toast';
import { findClient, useToolClients } from '@/components/tool/use-tool-clients';
import { type ToolRunConfig, useToolRun } from '@/components/tool/use-tool-run';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import {
  activeSourceEmpty,
  initialNewsletterForm,
  type NewsletterForm,
  newsletterDownload,
  newsletterMetadata,
  newsletterRequest,
  readNewsletterOutput,
  validateNewsletter,
} from './newsletter-form';

const RUN: ToolRunConfig<NewsletterRequestInput> = {
  tool: 'newsletter',
  endpoint: '/api/generate-newsletter',
  schema: newsletterRequestSchema,
  readOutput: readNewsletterOutput,
  messages: {
    generated: (output) => NEWSLETTER_MESSAGES.generated(output.wordCount),
    failed: NEWSLETTER_MESSAGES.generationFailed,
    saved: (clientName) => NEWSLETTER_MESSAGES.saved(clientName),
  },
};

const TOPIC_PLACEHOLDER = `e.g., ${NEWSLETTER_LABELS.topicPlaceholders.slice(0, 2).join(', ')}`;

/** Newsletter Creator (000 §2): settings on the left, the live preview on the right. */
export function NewsletterPage() {
  const [form, setForm] = useState<NewsletterForm>(initialNewsletterForm);
  const set = <Key extends keyof NewsletterForm>(key: Key, value: NewsletterForm[Key]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const { clients, loading } = useToolClients(['newsletter_instructions'], { toastOnError: false });
  const run = useToolRun(RUN);
  const client = findClient(clients, form.clientId);
  const hasClients = clients.length > 0;

  const generate = () => {
    const problem = validateNewsletter({ ...form, saveToClient: hasClients && form.saveToClient });
    if (problem) return showToast(problem, 'destructive');
    run.generate(newsletterRequest(form, viewerTimeZone(), hasClients));
  };

  const { output, request } = run;
  const download = (extension: 'html' | 'txt') =>
    output && request ? newsletterDownload(output, request, extension, new Date()) : null;

  const settings = (
    <SettingsCard
      title="Newsletter Settings"
      description="Choose a model, a source and the options of the issue."
    >
      <ModelSelect value={form.model} onChange={(model) => set('model', model)} disabled={run.generating} />
      <div className="grid gap-2">
        <ClientSelect
          label="Client (optional)"
          clients={clients}
          loading={loading}
          value={form.clientId}
          onChange={(clientId) => set('clientId', clientId)}
          disabled={run.generating}
        />
        {client && (
          <InstructionsBox
            title="Newsletter instructions"
            text={client.newsletter_instructions}
            emptyText={NEWSLETTER_LABELS.noInstructions}
          />
        )}
      </div>
      <SourceTabs
        value={form.mode}
        onChange={(mode) => set('mode', mode)}
        disabled={run.generating}
        topic={
          <FormField label={NEWSLETTER_LABELS.topic} htmlFor="newsletter-topic">
            <Input
              id="newsletter-topic"
              value={form.topic}
              placeholder={TOPIC_PLACEHOLDER}
              onChange={(event) => set('topic', event.target.value)}
            />
          </FormField>
        }
        url={
          <FormField label={NEWSLETTER_LABELS.url} htmlFor="newsletter-url" hint={NEWSLETTER_LABELS.urlHint}>
            <Input
              id="newsletter-url"
              type="url"
              inputMode="url"
              value={form.url}
              placeholder="https://example.com/article"
              onChange={(event) => set('url', event.target.value)}
            />
          </FormField>
        }
      />
      <FormField label={NEWSLETTER_LABELS.additionalInstructions} htmlFor="newsletter-prompt">
        <Textarea
          id="newsletter-prompt"
          rows={4}
          value={form.prompt}
          placeholder="Tone, length, sections to include, a call to action..."
          onChange={(event) => set('prompt', event.target.value)}
        />
      </FormField>
      <div className="grid gap-3">
        <CheckField
          id="newsletter-include-header"
          label={NEWSLETTER_LABELS.includeHeader}
          checked={form.includeHeader}
          onChange={(checked) => set('includeHeader', checked)}
        />
        <CheckField
          id="newsletter-include-title"
          label={NEWSLETTER_LABELS.includeTitle}
          checked={form.includeTitle}
          onChange={(checked) => set('includeTitle', checked)}
        />
        {hasClients && (
          <CheckField
            id="newsletter-save"
            label={NEWSLETTER_LABELS.saveToClient}
            checked={form.saveToClient}
            onChange={(checked) => set('saveToClient', checked)}
          />
        )}
      </div>
      <GenerateButton
        label={NEWSLETTER_LABELS.generate}
        onClick={generate}
        disabled={activeSourceEmpty(form)}
        generating={run.generating}
        progress={run.job.progress}
        retryNote={run.job.retryNote}
      />
    </SettingsCard>
  );

  const nothing = NEWSLETTER_MESSAGES.noContentToDownload;
  const result = (
    <ToolResult
      run={run}
      views={['preview', 'html', 'text']}
      frameTitle="Newsletter preview"
      empty={NEWSLETTER_LABELS.emptyPreview}
      actions={
        <>
          <CopyButton text={output?.html ?? null} nothing={nothing} disabled={run.generating} />
          <HtmlAndTextDownloads
            file={download}
            nothing={nothing}
            htmlToastTitle={TOOL_MESSAGES.downloadStarted}
            disabled={run.generating}
          />
          <SaveToClientButton
            kind="newsletter"
            output={output}
            meta={run.meta}
            clientId={form.clientId}
            clients={clients}
            metadata={() => (request ? newsletterMetadata(request) : {})}
            messages={{
              noClient: NEWSLETTER_MESSAGES.manualSaveNoClient,
              nothing,
              saved: NEWSLETTER_MESSAGES.saved,
            }}
            disabled={run.generating}
          />
        </>
      }
    />
  );

  return (
    <ToolPage
      title="Newsletter Creator"
      description="Generate a ready-to-send newsletter from a topic or a web page."
      settings={settings}
      result={result}
    />
  );
}
