import { useState } from 'react';
import { CLIENT_TEXT_FIELDS } from '#shared/client';
import {
  PRESS_RELEASE_LABELS,
  PRESS_RELEASE_MESSAGES,
  type PressReleaseRequestInput,
  pressReleaseRequestSchema,
} from '#shared/tools/press-release';
import { CheckField } from '@/components/tool/check-field';
import { ClientSelect } from '@/components/tool/client-select';
import { GenerateButton } from '@/components/tool/generate-button';
import { viewerTimeZone } from '@/components/tool/manual-save';
import { ModelSelect } from '@/components/tool/model-select';
import { HtmlAndTextDownloads } from '@/components/tool/result-actions';
import { SourceTabs } from '@/components/tool/source-tabs';
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
  activeSourceEmpty,
  initialPressReleaseForm,
  instructionsPrefill,
  type PressReleaseForm,
  pressReleaseDownload,
  pressReleaseRequest,
  readPressReleaseOutput,
  validatePressRelease,
} from './press-release-form';

const RUN: ToolRunConfig<PressReleaseRequestInput> = {
  tool: 'press-release',
  endpoint: '/api/generate-press-release',
  schema: pressReleaseRequestSchema,
  readOutput: readPressReleaseOutput,
  messages: {
    generated: (output) => PRESS_RELEASE_MESSAGES.generated(output.wordCount),
    failed: PRESS_RELEASE_MESSAGES.generationFailed,
    saved: (clientName) => PRESS_RELEASE_MESSAGES.saved(clientName),
  },
};

/** Every profile field: "use selected client's company info" sends the whole company block (001 §7). */
const CLIENT_FIELDS = CLIENT_TEXT_FIELDS.filter(
  (field) => !field.startsWith('wordpress_') && field !== 'content_instructions',
);

/** Press Release Creator (001 §2). */
export function PressReleasePage() {
  const [form, setForm] = useState<PressReleaseForm>(() => initialPressReleaseForm(new Date()));
  const set = <Key extends keyof PressReleaseForm>(key: Key, value: PressReleaseForm[Key]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const { clients, loading } = useToolClients(CLIENT_FIELDS);
  const run = useToolRun(RUN);
  const client = findClient(clients, form.clientId);
  const hasClients = clients.length > 0;
  const instructions = usePrefilled(instructionsPrefill(client));

  const generate = (withEditedInstructions: boolean) => {
    const problem = validatePressRelease(form, hasClients);
    if (problem) return showToast(problem, 'destructive');
    const edited = withEditedInstructions || instructions.edited;
    run.generate(
      pressReleaseRequest(form, client, {
        timeZone: viewerTimeZone(),
        hasClients,
        ...(edited ? { instructions: instructions.value } : {}),
      }),
    );
  };

  const { output, request } = run;
  const download = (extension: 'html' | 'txt') =>
    output && request ? pressReleaseDownload(output, request, extension, new Date()) : null;
  const sourceEmpty = activeSourceEmpty(form);

  const settings = (
    <SettingsCard
      title="Press Release Settings"
      description="Pick a model and a source, then the release details."
    >
      <ModelSelect value={form.model} onChange={(model) => set('model', model)} disabled={run.generating} />
      <ClientSelect
        label="Client (optional)"
        clients={clients}
        loading={loading}
        value={form.clientId}
        onChange={(clientId) =>
          setForm((current) => ({
            ...current,
            clientId,
            useClientCompanyInfo: clientId === null ? false : current.useClientCompanyInfo,
          }))
        }
        disabled={run.generating}
      />
      <SourceTabs
        value={form.mode}
        onChange={(mode) => set('mode', mode)}
        disabled={run.generating}
        topic={
          <FormField label="Press Release Topic *" htmlFor="press-release-topic">
            <Input
              id="press-release-topic"
              value={form.topic}
              placeholder="e.g., Grand opening of our second location"
              onChange={(event) => set('topic', event.target.value)}
            />
          </FormField>
        }
        url={
          <FormField
            label="Source URL *"
            htmlFor="press-release-url"
            hint="Content from this URL is extracted and used as the basis of the press release."
          >
            <Input
              id="press-release-url"
              type="url"
              inputMode="url"
              value={form.url}
              placeholder="https://example.com/announcement"
              onChange={(event) => set('url', event.target.value)}
            />
          </FormField>
        }
      />
      <FormField label={PRESS_RELEASE_LABELS.releaseDate} htmlFor="press-release-date">
        <Input
          id="press-release-date"
          type="date"
          value={form.releaseDate}
          onChange={(event) => set('releaseDate', event.target.value)}
        />
      </FormField>
      <FormField label="Additional Instructions" htmlFor="press-release-prompt">
        <Textarea
          id="press-release-prompt"
          rows={4}
          value={form.prompt}
          placeholder="Quotes to include, the spokesperson, facts to stress..."
          onChange={(event) => set('prompt', event.target.value)}
        />
      </FormField>
      <div className="grid gap-3">
        <CheckField
          id="press-release-header"
          label={PRESS_RELEASE_LABELS.includeHeader}
          checked={form.includeHeader}
          onChange={(checked) => set('includeHeader', checked)}
        />
        <CheckField
          id="press-release-company"
          label={PRESS_RELEASE_LABELS.includeCompanyInfo}
          checked={form.includeCompanyInfo}
          onChange={(checked) => set('includeCompanyInfo', checked)}
        />
        <CheckField
          id="press-release-client-company"
          label={PRESS_RELEASE_LABELS.useClientCompanyInfo}
          checked={form.useClientCompanyInfo}
          onChange={(checked) => set('useClientCompanyInfo', checked)}
          disabled={client === null}
        />
        {hasClients && (
          <CheckField
            id="press-release-save"
            label={PRESS_RELEASE_LABELS.saveToClient}
            checked={form.saveToClient}
            onChange={(checked) => set('saveToClient', checked)}
          />
        )}
      </div>
      <GenerateButton
        label={PRESS_RELEASE_LABELS.generate}
        onClick={() => generate(false)}
        disabled={sourceEmpty}
        generating={run.generating}
        progress={run.job.progress}
        retryNote={run.job.retryNote}
      />
    </SettingsCard>
  );

  const result = (
    <>
      <SettingsCard
        title={PRESS_RELEASE_LABELS.instructionsCard}
        description={
          client
            ? `Prefilled from ${client.name}'s press release instructions. Edit them and regenerate.`
            : 'The default press release instructions. Edit them and regenerate.'
        }
      >
        <Textarea
          aria-label={PRESS_RELEASE_LABELS.instructionsCard}
          rows={8}
          value={instructions.value}
          onChange={(event) => instructions.setValue(event.target.value)}
          disabled={run.generating}
          className="text-xs"
        />
        <GenerateButton
          label={PRESS_RELEASE_LABELS.regenerate}
          variant="outline"
          onClick={() => generate(true)}
          disabled={sourceEmpty}
          generating={run.generating}
          progress={run.job.progress}
          showProgress={false}
        />
      </SettingsCard>
      <ToolResult
        run={run}
        views={['html-with-preview', 'text']}
        frameTitle="Press release preview"
        empty='Enter a topic and click "Generate Press Release" to see the preview'
        actions={
          <HtmlAndTextDownloads file={download} nothing={NOTHING_GENERATED} disabled={run.generating} />
        }
      />
    </>
  );

  return (
    <ToolPage
      title="Press Release Creator"
      description="Write an AP-style press release from a topic or a web page."
      settings={settings}
      result={result}
    />
  );
}
