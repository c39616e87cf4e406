import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { markdownQuery } from './queries';

/** Typography for rendered markdown (the app ships no typography plugin). */
export const MARKDOWN_CLASSES =
  'space-y-3 text-sm leading-relaxed [&_a]:text-primary [&_a]:underline [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-xs [&_h1]:font-semibold [&_h1]:text-xl [&_h2]:mt-6 [&_h2]:font-semibold [&_h2]:text-lg [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-1 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_table]:w-full [&_table]:text-left [&_td]:border-t [&_td]:py-1.5 [&_td]:pr-3 [&_td]:align-top [&_th]:py-1.5 [&_th]:pr-3 [&_ul]:list-disc [&_ul]:space-y-1';

/**
 * One of the static markdown files, fetched as served (so the page shows exactly the linked file) and
 * rendered with marked. The files are our own, shipped with the site: no user content goes through here.
 */
export function MarkdownView({ href }: { href: string }) {
  const { data: html, isError, refetch } = useQuery(markdownQuery(useQueryClient(), href));
  if (isError) return <LoadFailed message="Failed to load this page." onRetry={() => void refetch()} />;
  if (html === undefined) return <Skeleton className="h-40 w-full" />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own static markdown, rendered by marked.
  return <div className={MARKDOWN_CLASSES} dangerouslySetInnerHTML={{ __html: html }} />;
}
