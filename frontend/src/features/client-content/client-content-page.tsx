import {
  CLIENT_CONTENT_LABELS,
  CLIENT_CONTENT_MESSAGES,
  type ClientContentRequestInput,
  clientContentRequestSchema,
} from '#shared/tools/client-content';
import { TOOL_MESSAGES } from '#shared/tools/common';
import { ClientSelect } from '@/components/tool/client-select';
import { GenerateButton } from '@/components/tool/generate-button';
import { viewerTimeZone } from '@/components/tool/manual-save';
import { ModelSelect } from '@/components/tool/model-select';
import { prefilled } from '@/components/tool/prefilled';
import { CopyButton, HtmlAndTextDownloads } from '@/components/tool/result-actions';
import { SaveToClientButton } from '@/components/tool/save-to-client-button';
import { PICKER_FIELDS } from '@/components/tool/tool-clients-query';
import { NOTHING_GENERATED } from '@/components/tool/tool-messages';
import { SettingsCard, ToolPage } from '@/components/tool/tool-page';
import { ToolResult } from '@/components/tool/tool-result';
import { type ToolDefinition, useTool } from '@/components/tool/use-tool';
import { findClient, useToolClients } from '@/components/tool/use-tool-clients';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import {
  type ClientContentForm,
  clientContentDownload,
  clientContentMetadata,
  clientContentRequest,
  contentInstructionsPrefill,
  initialClientContentForm,
  readClientContentOutput,
  validateClientContent,
  websitePrefill,
} from './client-content-form';

const CLIENT_CONTENT: ToolDefinition<ClientContentForm, ClientContentRequestInput> = {
  tool: 'client-content',
  schema: clientContentRequestSchema,
  initialForm: () => initialClientContentForm,
  readOutput: readClientContentOutput,
  messages: {
    generated: (output) => CLIENT_CONTENT_MESSAGES.generated(output.wordCount),
    failed: CLIENT_CONTENT_MESSAGES.generationFailed,
    saved: (clientName) => CLIENT_CONTENT_MESSAGES.saved(clientName),
  },
};

/** Client Content Creation (001 §2): an SEO post drawn from the client's own website. */
export function ClientContentPage() {
  const tool = useTool(CLIENT_CONTENT);
  const { form, run } = tool;
  const clientList = useToolClients(PICKER_FIELDS['/client-content']);
  const { clients } = clientList;
  const client = findClient(clients, form.clientId);
  const website = prefilled(form.websiteEdit, websitePrefill(client));
  const instructions = prefilled(form.instructionsEdit, contentInstructionsPrefill(client));

  const generate = () =>
    tool.generate(validateClientContent(form, website.value), () =>
      clientContentRequest(form, website.value, {
        timeZone: viewerTimeZone(),
        ...(instructions.edited ? { instructions: instructions.value } : {}),
      }),
    );

  const { output, request } = run;
  const download = (extension: 'html' | 'txt') =>
    output && request ? clientContentDownload(output, request, extension, new Date()) : null;

  const settings = (
    <SettingsCard
      title="Content Settings"
      description="Pick the client and the topic; the post is drawn from their website."
      onSubmit={generate}
    >
      <ModelSelect {...tool.choice('model')} showDescriptions />
      <ClientSelect
        id="client-profile"
        label={CLIENT_CONTENT_LABELS.clientProfile}
        {...clientList}
        {...tool.choice('clientId')}
        onChange={(clientId) =>
          tool.update((current) => ({ ...current, clientId, websiteEdit: null, instructionsEdit: null }))
        }
      />
      <FormField
        label={CLIENT_CONTENT_LABELS.clientUrl}
        htmlFor="client-content-url"
        required
        // The website is the prefill until edited: its problem is keyed on the edit.
        error={tool.error('websiteEdit')}
      >
        <Input
          id="client-content-url"
          type="url"
          inputMode="url"
          value={website.value}
          placeholder="https://client-website.com"
          onChange={(event) => tool.set('websiteEdit', event.target.value)}
        />
      </FormField>
      <FormField
        label={CLIENT_CONTENT_LABELS.topic}
        htmlFor="client-content-topic"
        required
        error={tool.error('topic')}
      >
        <Input
          id="client-content-topic"
          placeholder="e.g., Signs your water heater needs replacing"
          {...tool.text('topic')}
        />
      </FormField>
      <FormField label={CLIENT_CONTENT_LABELS.additionalInstructions} htmlFor="client-content-prompt">
        <Textarea
          id="client-content-prompt"
          rows={3}
          placeholder="Services to feature, keywords, the audience..."
          {...tool.text('prompt')}
        />
      </FormField>
      <FormField
        label={CLIENT_CONTENT_LABELS.instructions}
        htmlFor="client-content-instructions"
        hint={
          client
            ? `Prefilled from ${client.name}'s content instructions.`
            : 'The default content instructions.'
        }
      >
        <Textarea
          id="client-content-instructions"
          rows={8}
          value={instructions.value}
          onChange={(event) => tool.set('instructionsEdit', event.target.value)}
          className="text-xs"
        />
      </FormField>
      <GenerateButton
        label={CLIENT_CONTENT_LABELS.generate}
        run={run}
        disabled={form.topic === '' || website.value === ''}
      />
    </SettingsCard>
  );

  const result = (
    <ToolResult
      run={run}
      title={output?.extras.title || 'Preview'}
      views={['preview', 'html', 'text']}
      frameTitle="Client content preview"
      empty={'Choose a client, enter a topic and click "Generate Content" to see the post'}
      actions={
        <>
          <CopyButton
            label={CLIENT_CONTENT_LABELS.copyHtml}
            text={output?.html ?? null}
            nothing={NOTHING_GENERATED}
          />
          <CopyButton
            label={CLIENT_CONTENT_LABELS.copyText}
            text={output?.text ?? null}
            nothing={NOTHING_GENERATED}
          />
          <HtmlAndTextDownloads file={download} nothing={NOTHING_GENERATED} />
          <SaveToClientButton
            kind="client-content"
            label={CLIENT_CONTENT_LABELS.save}
            output={output}
            meta={run.meta}
            clientId={form.clientId}
            clients={clients}
            metadata={() => (request ? clientContentMetadata(request, new Date()) : {})}
            messages={{
              noClient: TOOL_MESSAGES.selectClient,
              nothing: NOTHING_GENERATED,
              saved: CLIENT_CONTENT_MESSAGES.saved,
            }}
          />
        </>
      }
    />
  );

  return (
    <ToolPage
      title="Client Content Creation"
      description="Write an SEO-friendly, WordPress-ready post from what a client's website says."
      settings={settings}
      result={result}
    />
  );
}
