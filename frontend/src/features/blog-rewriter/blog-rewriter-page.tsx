import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import { useState } from 'react';
import {
  BLOG_FRAMEWORK_OPTIONS,
  BLOG_REWRITE_LABELS,
  BLOG_REWRITE_MESSAGES,
  type BlogRewriteRequestInput,
  blogRewriteRequestSchema,
} from '#shared/tools/blog-rewrite';
import { isWebAddress } from '#shared/validation/web-address';
import { ExternalLink } from '@/components/layout/external-link';
import { CheckField } from '@/components/tool/check-field';
import { ClientSelect } from '@/components/tool/client-select';
import { DescribedSelect } from '@/components/tool/described-select';
import { GenerateButton } from '@/components/tool/generate-button';
import { viewerTimeZone } from '@/components/tool/manual-save';
import { ModelSelect } from '@/components/tool/model-select';
import { CopyButton, DownloadButton } from '@/components/tool/result-actions';
import type { ResultView } from '@/components/tool/result-views';
import { PICKER_FIELDS } from '@/components/tool/tool-clients-query';
import { NOTHING_GENERATED } from '@/components/tool/tool-messages';
import { SettingsCard, ToolPage } from '@/components/tool/tool-page';
import { ToolResult } from '@/components/tool/tool-result';
import { type ToolDefinition, useTool } from '@/components/tool/use-tool';
import { useToolClients } from '@/components/tool/use-tool-clients';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  type BlogRewriterForm,
  blogRewriteDownload,
  blogRewriteRequest,
  initialBlogRewriterForm,
  readBlogRewriteOutput,
  validateBlogRewrite,
} from './blog-rewriter-form';

const BLOG_REWRITER: ToolDefinition<BlogRewriterForm, BlogRewriteRequestInput> = {
  tool: 'blog-rewrite',
  schema: blogRewriteRequestSchema,
  initialForm: () => initialBlogRewriterForm,
  readOutput: readBlogRewriteOutput,
  messages: {
    generated: (output) => BLOG_REWRITE_MESSAGES.generated(output.wordCount),
    failed: BLOG_REWRITE_MESSAGES.generationFailed,
    saved: (clientName) => BLOG_REWRITE_MESSAGES.saved(clientName),
  },
};

/** Blog Rewriter (001 §2): a post's URL in, the post rewritten to a framework out. */
export function BlogRewriterPage() {
  const tool = useTool(BLOG_REWRITER);
  const { form, run } = tool;
  const [tab, setTab] = useState<ResultView>('text');
  const clientList = useToolClients(PICKER_FIELDS['/blog-rewriter']);
  const urlIsValid = isWebAddress(form.url);

  const generate = () =>
    tool.generate(validateBlogRewrite(form), () => blogRewriteRequest(form, viewerTimeZone()));

  const { output, request } = run;
  const copied = output ? (tab === 'text' ? output.text : output.html) : null;

  const settings = (
    <SettingsCard
      title="Rewrite Settings"
      description="Paste a blog post's URL and pick how it should be rewritten."
      onSubmit={generate}
    >
      <FormField label={BLOG_REWRITE_LABELS.url} htmlFor="blog-url" required error={tool.error('url')}>
        <div className="flex gap-2">
          <Input
            id="blog-url"
            type="url"
            inputMode="url"
            placeholder="https://example.com/blog/your-post"
            {...tool.text('url')}
          />
          {urlIsValid ? (
            <Button variant="outline" size="icon" asChild>
              <ExternalLink href={form.url.trim()} aria-label="Open the blog post in a new tab">
                <ExternalLinkIcon aria-hidden="true" />
              </ExternalLink>
            </Button>
          ) : (
            <Button variant="outline" size="icon" disabled aria-label="Open the blog post in a new tab">
              <ExternalLinkIcon aria-hidden="true" />
            </Button>
          )}
        </div>
      </FormField>
      <ModelSelect {...tool.choice('model')} />
      <DescribedSelect
        id="blog-framework"
        label={BLOG_REWRITE_LABELS.framework}
        options={BLOG_FRAMEWORK_OPTIONS}
        {...tool.choice('framework')}
      />
      <CheckField
        id="blog-emojis"
        asSwitch
        label={BLOG_REWRITE_LABELS.addEmojis}
        {...tool.check('addEmojis')}
      />
      <CheckField
        id="blog-save"
        asSwitch
        label={BLOG_REWRITE_LABELS.saveToClient}
        {...tool.check('saveToClient')}
      />
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
      <GenerateButton label={BLOG_REWRITE_LABELS.generate} run={run} disabled={form.url.trim() === ''} />
    </SettingsCard>
  );

  const result = (
    <ToolResult
      run={run}
      title="Rewritten Post"
      views={['text', 'html', 'preview']}
      tab={tab}
      onTabChange={setTab}
      frameTitle="Rewritten post preview"
      empty={'Enter a blog URL and click "Rewrite Blog" to see the rewritten post'}
      actions={
        <>
          <CopyButton text={copied} nothing={NOTHING_GENERATED} />
          <DownloadButton
            label="Download HTML"
            file={() => (output && request ? blogRewriteDownload(output, request, new Date()) : null)}
            nothing={NOTHING_GENERATED}
          />
        </>
      }
    />
  );

  return (
    <ToolPage
      title="Blog Rewriter"
      description="Rewrite an existing blog post with a proven copywriting framework."
      settings={settings}
      result={result}
    />
  );
}
