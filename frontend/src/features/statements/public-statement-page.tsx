import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { STATEMENT_MESSAGES, type Statement } from '#shared/statement';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { QueryProvider } from '@/lib/query-client';
import { publicStatementQuery } from './queries';
import { StatementDocument, StatementFileActions } from './statement-document';

type LoadState =
  | { kind: 'loading' }
  | { kind: 'ready'; statement: Statement }
  | { kind: 'unavailable' }
  | { kind: 'busy' }
  | { kind: 'error' };

function loadState(statement: Statement | undefined, error: Error | null): LoadState {
  if (statement) return { kind: 'ready', statement };
  if (error instanceof ApiError && error.status === 404) return { kind: 'unavailable' };
  if (error instanceof ApiError && error.status === 429) return { kind: 'busy' };
  return error ? { kind: 'error' } : { kind: 'loading' };
}

/** A plain page: nothing of the agency for a dead link, a flood or a failure (like the review page). */
function PlainPage({ title, text }: { title: string; text: string }) {
  return (
    <main className="mx-auto flex min-h-svh max-w-xl flex-col justify-center gap-3 px-6 py-16">
      <h1 className="font-semibold text-2xl">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
    </main>
  );
}

/**
 * A statement link's page, `/statements/<token>`: the statement without an account,
 * to read, download as CSV or print to PDF. No sidebar, and nothing the link does not name.
 */
export function PublicStatementPage() {
  // Outside the signed-in frame, so the page brings the data layer itself (docs/architecture.md,
  // "The frontend's data layer").
  return (
    <QueryProvider>
      <PublicStatement />
    </QueryProvider>
  );
}

function PublicStatement() {
  const { token = '' } = useParams();
  const { data, error } = useQuery(publicStatementQuery(token));
  const state = loadState(data, error);
  if (state.kind === 'unavailable')
    return <PlainPage title="Statement unavailable" text={STATEMENT_MESSAGES.linkUnavailable} />;
  if (state.kind === 'busy')
    return <PlainPage title="Too many requests" text="Please wait a minute and open the link again." />;
  if (state.kind === 'error')
    return (
      <PlainPage title="Something went wrong" text="The statement could not be loaded. Try again later." />
    );
  return (
    <main className="statement-page mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6 print:p-0">
      {state.kind === 'loading' ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <>
          <div className="flex flex-wrap justify-end gap-2 print:hidden">
            <StatementFileActions statement={state.statement} />
          </div>
          <StatementDocument statement={state.statement} titleLevel={1} />
        </>
      )}
    </main>
  );
}
