import { useQuery } from '@tanstack/react-query';
import { BookOpen, Code2, FileText, KeyRound, ListTree } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { OPENAPI_PATH } from '#shared/public-api';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { CodeExamples } from './code-examples';
import { EndpointReference } from './endpoint-reference';
import { MarkdownView } from './markdown-view';
import { openApiQuery } from './queries';
import { STATIC_DOCS } from './static-docs';

const SECTIONS = [
  { id: 'overview', title: 'Overview', icon: BookOpen },
  { id: 'authentication', title: 'Authentication', icon: KeyRound },
  { id: 'endpoints', title: 'Endpoints', icon: ListTree },
  { id: 'examples', title: 'Examples', icon: Code2 },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

function sectionOf(hash: string): SectionId {
  return SECTIONS.find((section) => `#${section.id}` === hash)?.id ?? 'overview';
}

function useOpenApiDocument() {
  const { data, isError, refetch } = useQuery(openApiQuery());
  return { document: data ?? null, failed: isError, retry: () => void refetch() };
}

function SideNav({ current, onSelect }: { current: SectionId; onSelect: (id: SectionId) => void }) {
  return (
    <nav aria-label="Documentation" className="min-w-0 md:sticky md:top-4 md:self-start">
      <ul className="flex gap-1 overflow-x-auto md:flex-col" data-scroll-x>
        {SECTIONS.map(({ id, title, icon: Icon }) => (
          <li key={id}>
            <button
              type="button"
              onClick={() => onSelect(id)}
              aria-current={current === id ? 'page' : undefined}
              className={cn(
                'flex w-full items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-left text-sm hover:bg-accent',
                current === id && 'bg-accent font-medium',
              )}
            >
              <Icon aria-hidden className="size-4" />
              {title}
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-4 hidden space-y-1 border-t pt-4 md:block">
        <p className="px-3 text-muted-foreground text-xs">Markdown files</p>
        {STATIC_DOCS.map((doc) => (
          <a
            key={doc.href}
            href={doc.href}
            target="_blank"
            rel="noreferrer"
            className="flex items-center gap-2 rounded-md px-3 py-1.5 text-sm hover:bg-accent"
          >
            <FileText aria-hidden className="size-4 shrink-0" />
            {doc.title}
          </a>
        ))}
      </div>
    </nav>
  );
}

/** 001 §2 Documentation: side navigation, the two markdown files, the reference from the OpenAPI document. */
export function DocumentationPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const current = sectionOf(location.hash);
  const { document, failed, retry } = useOpenApiDocument();
  const select = (id: SectionId) => void navigate({ hash: id }, { replace: true });

  return (
    <PageContainer className="max-w-6xl">
      <PageHeader
        title="API Documentation"
        description={`The LBM Studio API${document ? `, version ${document.info.version}` : ''}: generate content and manage clients from your own code.`}
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <Link to="/api-keys">
                <KeyRound aria-hidden />
                API Keys
              </Link>
            </Button>
            <Button asChild variant="ghost" size="sm">
              <a href={OPENAPI_PATH} target="_blank" rel="noreferrer">
                OpenAPI document
              </a>
            </Button>
          </>
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[13rem_minmax(0,1fr)]">
        <SideNav current={current} onSelect={select} />
        <section aria-labelledby="documentation-section" className="min-w-0 space-y-4">
          <h2 id="documentation-section" className="font-semibold text-xl">
            {SECTIONS.find((section) => section.id === current)?.title}
          </h2>
          {current === 'overview' && <MarkdownView href={STATIC_DOCS[0].href} />}
          {current === 'authentication' && <MarkdownView href={STATIC_DOCS[1].href} />}
          {current === 'endpoints' &&
            (failed ? (
              <LoadFailed message="Failed to load the API reference." onRetry={retry} />
            ) : document ? (
              <EndpointReference document={document} />
            ) : (
              <Skeleton className="h-64 w-full" />
            ))}
          {current === 'examples' && <CodeExamples />}
          <div className="flex flex-wrap gap-2 border-t pt-4 md:hidden">
            {STATIC_DOCS.map((doc) => (
              <Button key={doc.href} asChild variant="ghost" size="sm">
                <a href={doc.href} target="_blank" rel="noreferrer">
                  <FileText aria-hidden />
                  {doc.title}
                </a>
              </Button>
            ))}
          </div>
        </section>
      </div>
    </PageContainer>
  );
}
