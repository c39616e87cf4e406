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
import { prefilled } from '@/components/tool/prefilled';
import { HtmlAndTextDownloads } from '@/components/tool/result-actions';
import { SourceTabs } from '@/components/tool/source-tabs';
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
  activeSourceEmpty,
  initialPressReleaseForm,
  instructionsPrefill,
  type PressReleaseForm,
  pressReleaseDownload,
  pressReleaseRequest,
  readPressReleaseOutput,
  validatePressRelease,
} from './press-release-form';

const PRESS_RELEASE: ToolDefinition<PressReleaseForm, PressReleaseRequestInput> = {
  tool: 'press-release',
  schema: pressReleaseRequestSchema,
  initialForm: () => initialPressReleaseForm(new Date()),
  readOutput: readPressReleaseOutput,
  messages: {
    generated: (output) => PRESS_RELEASE_MESSAGES.generated(output.wordCount),
    failed: PRESS_RELEASE_MESSAGES.generationFailed,
    saved: (clientName) => PRESS_RELEASE_MESSAGES.saved(clientName),
  },
};

/** Press Release Creator (001 §2). */
export function PressReleasePage() {
  const tool = useTool(PRESS_RELEASE);
  const { form, run } = tool;
  const clientList = useToolClients(PICKER_FIELDS['/press-release']);
  const { clients } = clientList;
  const client = findClient(clients, form.clientId);
  const hasClients = clients.length > 0;
  const instructions = prefilled(form.instructionsEdit, instructionsPrefill(client));

  const generate = (withEditedInstructions: boolean) =>
    tool.generate(validatePressRelease(form, hasClients), () =>
      pressReleaseRequest(form, client, {
        timeZone: viewerTimeZone(),
        hasClients,
        ...(withEditedInstructions || instructions.edited ? { instructions: instructions.value } : {}),
      }),
    );

  const { output, request } = run;
  const download = (extension: 'html' | 'txt') =>
    output && request ? pressReleaseDownload(output, request, extension, new Date()) : null;
  const sourceEmpty = activeSourceEmpty(form);

  const settings = (
    <SettingsCard
      title="Press Release Settings"
      description="Pick a model and a source, then the release details."
      onSubmit={() => generate(false)}
    >
      <ModelSelect {...tool.choice('model')} />
      <ClientSelect
        label="Client (optional)"
        {...clientList}
        {...tool.choice('clientId')}
        error={tool.error('clientId')}
        onChange={(clientId) =>
          tool.update((current) => ({
            ...current,
            clientId,
            instructionsEdit: null,
            useClientCompanyInfo: clientId === null ? false : current.useClientCompanyInfo,
          }))
        }
      />
      <SourceTabs
        {...tool.choice('mode')}
        topic={
          <FormField
            label="Press Release Topic *"
            htmlFor="press-release-topic"
            required
            error={tool.error('topic')}
          >
            <Input
              id="press-release-topic"
              placeholder="e.g., Grand opening of our second location"
              {...tool.text('topic')}
            />
          </FormField>
        }
        url={
          <FormField
            label="Source URL *"
            htmlFor="press-release-url"
            hint="Content from this URL is extracted and used as the basis of the press release."
            required
            error={tool.error('url')}
          >
            <Input
              id="press-release-url"
              type="url"
              inputMode="url"
              placeholder="https://example.com/announcement"
              {...tool.text('url')}
            />
          </FormField>
        }
      />
      <FormField label={PRESS_RELEASE_LABELS.releaseDate} htmlFor="press-release-date">
        <Input id="press-release-date" type="date" {...tool.text('releaseDate')} />
      </FormField>
      <FormField label="Additional Instructions" htmlFor="press-release-prompt">
        <Textarea
          id="press-release-prompt"
          rows={4}
          placeholder="Quotes to include, the spokesperson, facts to stress..."
          {...tool.text('prompt')}
        />
      </FormField>
      <div className="grid gap-3">
        <CheckField
          id="press-release-header"
          label={PRESS_RELEASE_LABELS.includeHeader}
          {...tool.check('includeHeader')}
        />
        <CheckField
          id="press-release-company"
          label={PRESS_RELEASE_LABELS.includeCompanyInfo}
          {...tool.check('includeCompanyInfo')}
        />
        <CheckField
          id="press-release-client-company"
          label={PRESS_RELEASE_LABELS.useClientCompanyInfo}
          {...tool.check('useClientCompanyInfo')}
          disabled={client === null}
        />
        {hasClients && (
          <CheckField
            id="press-release-save"
            label={PRESS_RELEASE_LABELS.saveToClient}
            {...tool.check('saveToClient')}
          />
        )}
      </div>
      <GenerateButton label={PRESS_RELEASE_LABELS.generate} run={run} disabled={sourceEmpty} />
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
          onChange={(event) => tool.set('instructionsEdit', event.target.value)}
          disabled={tool.busy}
          className="text-xs"
        />
        <GenerateButton
          label={PRESS_RELEASE_LABELS.regenerate}
          variant="outline"
          onClick={() => generate(true)}
          run={run}
          disabled={sourceEmpty}
          showProgress={false}
        />
      </SettingsCard>
      <ToolResult
        run={run}
        views={['html-with-preview', 'text']}
        frameTitle="Press release preview"
        empty='Enter a topic and click "Generate Press Release" to see the preview'
        actions={<HtmlAndTextDownloads file={download} nothing={NOTHING_GENERATED} />}
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
