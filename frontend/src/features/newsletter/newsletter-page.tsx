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
import { PICKER_FIELDS } from '@/components/tool/tool-clients-query';
import { SettingsCard, ToolPage } from '@/components/tool/tool-page';
import { ToolResult } from '@/components/tool/tool-result';
import { type ToolDefinition, useTool } from '@/components/tool/use-tool';
import { findClient, useToolClients } from '@/components/tool/use-tool-clients';
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

const NEWSLETTER: ToolDefinition<NewsletterForm, NewsletterRequestInput> = {
  tool: 'newsletter',
  schema: newsletterRequestSchema,
  initialForm: () => initialNewsletterForm,
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
  const tool = useTool(NEWSLETTER);
  const { form, run } = tool;
  const clientList = useToolClients(PICKER_FIELDS['/newsletter'], { toastOnError: false });
  const { clients } = clientList;
  const client = findClient(clients, form.clientId);
  const hasClients = clients.length > 0;

  const generate = () =>
    tool.generate(validateNewsletter({ ...form, saveToClient: hasClients && form.saveToClient }), () =>
      newsletterRequest(form, viewerTimeZone(), hasClients),
    );

  const { output, request } = run;
  const download = (extension: 'html' | 'txt') =>
    output && request ? newsletterDownload(output, request, extension, new Date()) : null;

  const settings = (
    <SettingsCard
      title="Newsletter Settings"
      description="Choose a model, a source and the options of the issue."
      onSubmit={generate}
    >
      <ModelSelect {...tool.choice('model')} />
      <div className="grid gap-2">
        <ClientSelect
          label="Client (optional)"
          {...clientList}
          {...tool.choice('clientId')}
          error={tool.error('clientId')}
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
        {...tool.choice('mode')}
        topic={
          <FormField
            label={NEWSLETTER_LABELS.topic}
            htmlFor="newsletter-topic"
            required
            error={tool.error('topic')}
          >
            <Input id="newsletter-topic" placeholder={TOPIC_PLACEHOLDER} {...tool.text('topic')} />
          </FormField>
        }
        url={
          <FormField
            label={NEWSLETTER_LABELS.url}
            htmlFor="newsletter-url"
            hint={NEWSLETTER_LABELS.urlHint}
            required
            error={tool.error('url')}
          >
            <Input
              id="newsletter-url"
              type="url"
              inputMode="url"
              placeholder="https://example.com/article"
              {...tool.text('url')}
            />
          </FormField>
        }
      />
      <FormField label={NEWSLETTER_LABELS.additionalInstructions} htmlFor="newsletter-prompt">
        <Textarea
          id="newsletter-prompt"
          rows={4}
          placeholder="Tone, length, sections to include, a call to action..."
          {...tool.text('prompt')}
        />
      </FormField>
      <div className="grid gap-3">
        <CheckField
          id="newsletter-include-header"
          label={NEWSLETTER_LABELS.includeHeader}
          {...tool.check('includeHeader')}
        />
        <CheckField
          id="newsletter-include-title"
          label={NEWSLETTER_LABELS.includeTitle}
          {...tool.check('includeTitle')}
        />
        {hasClients && (
          <CheckField
            id="newsletter-save"
            label={NEWSLETTER_LABELS.saveToClient}
            {...tool.check('saveToClient')}
          />
        )}
      </div>
      <GenerateButton label={NEWSLETTER_LABELS.generate} run={run} disabled={activeSourceEmpty(form)} />
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
          <CopyButton text={output?.html ?? null} nothing={nothing} />
          <HtmlAndTextDownloads
            file={download}
            nothing={nothing}
            htmlToastTitle={TOOL_MESSAGES.downloadStarted}
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
