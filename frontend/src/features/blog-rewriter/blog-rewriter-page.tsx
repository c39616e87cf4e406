import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import { useState } from 'react';
import {
  BLOG_FRAMEWORK_OPTIONS,
  BLOG_REWRITE_LABELS,
  BLOG_REWRITE_MESSAGES,
  type BlogRewriteRequestInput,
  blogRewriteRequestSchema,
} from '#shared/tools/blog-rewrite';
import { isHttpUrl } from '#shared/tools/common';
import { ExternalLink } from '@/components/layout/external-link';
import { CheckField } from '@/components/tool/check-field';
import { ClientSelect } from '@/components/tool/client-select';
import { DescribedSelect } from '@/components/tool/described-select';
import { GenerateButton } from '@/components/tool/generate-button';
import { viewerTimeZone } from '@/components/tool/manual-save';
import { ModelSelect } from '@/components/tool/model-select';
import { CopyButton, DownloadButton } from '@/components/tool/result-actions';
import type { ResultView } from '@/components/tool/result-views';
import { NOTHING_GENERATED } from '@/components/tool/tool-messages';
import { SettingsCard, ToolPage } from '@/components/tool/tool-page';
import { ToolResult } from '@/components/tool/tool-result';
import { showToast } from '@/components/tool/tool-toast';
import { useToolClients } from '@/components/tool/use-tool-clients';
import { type ToolRunConfig, useToolRun } from '@/components/tool/use-tool-run';
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

const RUN: ToolRunConfig<BlogRewriteRequestInput> = {
  tool: 'blog-rewrite',
  endpoint: '/api/rewrite-blog',
  schema: blogRewriteRequestSchema,
  readOutput: readBlogRewriteOutput,
  messages: {
    generated: (output) => BLOG_REWRITE_MESSAGES.generated(output.wordCount),
    failed: BLOG_REWRITE_MESSAGES.generationFailed,
    saved: (clientName) => BLOG_REWRITE_MESSAGES.saved(clientName),
  },
};

/** Blog Rewriter (001 §2): a post's URL in, the post rewritten to a framework out. */
export function BlogRewriterPage() {
  const [form, setForm] = useState<BlogRewriterForm>(initialBlogRewriterForm);
  const set = <Key extends keyof BlogRewriterForm>(key: Key, value: BlogRewriterForm[Key]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const [tab, setTab] = useState<ResultView>('text');
  const { clients, loading } = useToolClients([]);
  const run = useToolRun(RUN);
  const urlIsValid = isHttpUrl(form.url);

  const generate = () => {
    const problem = validateBlogRewrite(form);
    if (problem) return showToast(problem, 'destructive');
    run.generate(blogRewriteRequest(form, viewerTimeZone()));
  };

  const { output, request } = run;
  const copied = output ? (tab === 'text' ? output.text : output.html) : null;

  const settings = (
    <SettingsCard
      title="Rewrite Settings"
      description="Paste a blog post's URL and pick how it should be rewritten."
    >
      <FormField label={BLOG_REWRITE_LABELS.url} htmlFor="blog-url">
        <div className="flex gap-2">
          <Input
            id="blog-url"
            type="url"
            inputMode="url"
            value={form.url}
            placeholder="https://example.com/blog/your-post"
            onChange={(event) => set('url', event.target.value)}
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
      <ModelSelect value={form.model} onChange={(model) => set('model', model)} disabled={run.generating} />
      <DescribedSelect
        id="blog-framework"
        label={BLOG_REWRITE_LABELS.framework}
        value={form.framework}
        onChange={(framework) => set('framework', framework)}
        options={BLOG_FRAMEWORK_OPTIONS}
        disabled={run.generating}
      />
      <CheckField
        id="blog-emojis"
        asSwitch
        label={BLOG_REWRITE_LABELS.addEmojis}
        checked={form.addEmojis}
        onChange={(checked) => set('addEmojis', checked)}
      />
      <CheckField
        id="blog-save"
        asSwitch
        label={BLOG_REWRITE_LABELS.saveToClient}
        checked={form.saveToClient}
        onChange={(checked) => set('saveToClient', checked)}
      />
      {form.saveToClient && (
        <ClientSelect
          label="Client"
          clients={clients}
          loading={loading}
          value={form.clientId}
          onChange={(clientId) => set('clientId', clientId)}
          allowNone={false}
          placeholder="Select a client"
          disabled={run.generating}
        />
      )}
      <GenerateButton
        label={BLOG_REWRITE_LABELS.generate}
        onClick={generate}
        disabled={form.url.trim() === ''}
        generating={run.generating}
        progress={run.job.progress}
        retryNote={run.job.retryNote}
      />
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
          <CopyButton text={copied} nothing={NOTHING_GENERATED} disabled={run.generating} />
          <DownloadButton
            label="Download HTML"
            file={() => (output && request ? blogRewriteDownload(output, request, new Date()) : null)}
            nothing={NOTHING_GENERATED}
            disabled={run.generating}
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
