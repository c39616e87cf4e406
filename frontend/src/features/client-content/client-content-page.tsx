import { useState } from 'react';
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
import { CopyButton, HtmlAndTextDownloads } from '@/components/tool/result-actions';
import { SaveToClientButton } from '@/components/tool/save-to-client-button';
import { NOTHING_GENERATED } from '@/components/tool/tool-messages';
import { SettingsCard, ToolPage } from '@/components/tool/tool-page';
import { ToolResult } from '@/components/tool/tool-result';
import { showToast } from '@/components/tool/tool-toast';
import { usePrefilled } from '@/components/tool/use-prefilled';
import { findClient, useToolClients } from '@/components/tool/use-tool-clients';
import { type ToolRunConfig, useToolRun } from '@/components/tool/use-tool-run';
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

const RUN: ToolRunConfig<ClientContentRequestInput> = {
  tool: 'client-content',
  endpoint: '/api/generate-client-content',
  schema: clientContentRequestSchema,
  readOutput: readClientContentOutput,
  messages: {
    generated: (output) => CLIENT_CONTENT_MESSAGES.generated(output.wordCount),
    failed: CLIENT_CONTENT_MESSAGES.generationFailed,
    saved: (clientName) => CLIENT_CONTENT_MESSAGES.saved(clientName),
  },
};

/** Client Content Creation (001 §2): an SEO post drawn from the client's own website. */
export function ClientContentPage() {
  const [form, setForm] = useState<ClientContentForm>(initialClientContentForm);
  const set = <Key extends keyof ClientContentForm>(key: Key, value: ClientContentForm[Key]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const { clients, loading } = useToolClients(['website', 'content_instructions']);
  const run = useToolRun(RUN);
  const client = findClient(clients, form.clientId);
  const website = usePrefilled(websitePrefill(client));
  const instructions = usePrefilled(contentInstructionsPrefill(client));

  const generate = () => {
    const problem = validateClientContent(form, website.value);
    if (problem) return showToast(problem, 'destructive');
    run.generate(
      clientContentRequest(form, website.value, {
        timeZone: viewerTimeZone(),
        ...(instructions.edited ? { instructions: instructions.value } : {}),
      }),
    );
  };

  const { output, request } = run;
  const download = (extension: 'html' | 'txt') =>
    output && request ? clientContentDownload(output, request, extension, new Date()) : null;

  const settings = (
    <SettingsCard
      title="Content Settings"
      description="Pick the client and the topic; the post is drawn from their website."
    >
      <ModelSelect
        value={form.model}
        onChange={(model) => set('model', model)}
        showDescriptions
        disabled={run.generating}
      />
      <ClientSelect
        id="client-profile"
        label={CLIENT_CONTENT_LABELS.clientProfile}
        clients={clients}
        loading={loading}
        value={form.clientId}
        onChange={(clientId) => set('clientId', clientId)}
        disabled={run.generating}
      />
      <FormField label={CLIENT_CONTENT_LABELS.clientUrl} htmlFor="client-content-url">
        <Input
          id="client-content-url"
          type="url"
          inputMode="url"
          value={website.value}
          placeholder="https://client-website.com"
          onChange={(event) => website.setValue(event.target.value)}
        />
      </FormField>
      <FormField label={CLIENT_CONTENT_LABELS.topic} htmlFor="client-content-topic">
        <Input
          id="client-content-topic"
          value={form.topic}
          placeholder="e.g., Signs your water heater needs replacing"
          onChange={(event) => set('topic', event.target.value)}
        />
      </FormField>
      <FormField label={CLIENT_CONTENT_LABELS.additionalInstructions} htmlFor="client-content-prompt">
        <Textarea
          id="client-content-prompt"
          rows={3}
          value={form.prompt}
          placeholder="Services to feature, keywords, the audience..."
          onChange={(event) => set('prompt', event.target.value)}
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
          onChange={(event) => instructions.setValue(event.target.value)}
          className="text-xs"
        />
      </FormField>
      <GenerateButton
        label={CLIENT_CONTENT_LABELS.generate}
        onClick={generate}
        disabled={form.topic === '' || website.value === ''}
        generating={run.generating}
        progress={run.job.progress}
        retryNote={run.job.retryNote}
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
            disabled={run.generating}
          />
          <CopyButton
            label={CLIENT_CONTENT_LABELS.copyText}
            text={output?.text ?? null}
            nothing={NOTHING_GENERATED}
            disabled={run.generating}
          />
          <HtmlAndTextDownloads file={download} nothing={NOTHING_GENERATED} disabled={run.generating} />
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
            disabled={run.generating}
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
