import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Copy, Link2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MAX_MARKUP_PERCENT } from '#shared/statement';
import { addMonths, DEFAULT_TIME_ZONE, isMonth, monthOf } from '#shared/time-zone';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { ClientSelect } from '@/components/tool/client-select';
import { PICKER_FIELDS } from '@/components/tool/tool-clients-query';
import { useToolClients } from '@/components/tool/use-tool-clients';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { formatMoment } from '@/lib/calendar-dates';
import { toast } from '@/lib/toast';
import { settingsQuery } from '../settings/queries';
import { statementKeys, statementLinksQuery, statementQuery } from './queries';
import { StatementDocument, StatementFileActions } from './statement-document';
import { createStatementLink, revokeStatementLink, setMarkup } from './statements-api';

/**
 * A client's monthly statement in the app, at `/statements?client=<id>&month=YYYY-MM`:
 * opened from the client's card ('Statement') or the Usage page ('Statements'). The month is the
 * agency's (GET /api/settings); this month by default.
 */

function MonthPicker({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  return (
    <div className="flex items-end gap-2">
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label="Previous month"
        onClick={() => onChange(addMonths(month, -1))}
      >
        <ChevronLeft />
      </Button>
      <FormField label="Month" htmlFor="statement-month">
        <Input
          id="statement-month"
          type="month"
          value={month}
          className="w-44"
          onChange={(event) => {
            if (isMonth(event.target.value)) onChange(event.target.value);
          }}
        />
      </FormField>
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label="Next month"
        onClick={() => onChange(addMonths(month, 1))}
      >
        <ChevronRight />
      </Button>
    </div>
  );
}

function MarkupForm({
  clientId,
  markupPercent,
  onSaved,
}: {
  clientId: string;
  markupPercent: number;
  onSaved: () => void;
}) {
  const [value, setValue] = useState(String(markupPercent));
  const [saving, setSaving] = useState(false);
  useEffect(() => setValue(String(markupPercent)), [markupPercent]);
  const number = Number(value);
  const invalid =
    value.trim() === '' || !Number.isFinite(number) || number < 0 || number > MAX_MARKUP_PERCENT;
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        if (invalid) return;
        setSaving(true);
        try {
          await setMarkup(clientId, number);
          void toast({ title: 'Markup saved.', variant: 'success' });
          onSaved();
        } catch (error) {
          void toast({
            title: errorMessage(error, 'The markup could not be saved.'),
            variant: 'destructive',
          });
        } finally {
          setSaving(false);
        }
      }}
    >
      <FormField label="Markup (%)" htmlFor="statement-markup-input">
        <Input
          id="statement-markup-input"
          type="number"
          inputMode="decimal"
          min={0}
          max={MAX_MARKUP_PERCENT}
          step="0.01"
          className="w-28"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </FormField>
      <Button type="submit" variant="outline" disabled={invalid || saving || number === markupPercent}>
        {saving ? 'Saving…' : 'Save markup'}
      </Button>
    </form>
  );
}

const LINK_STATE_BADGES = { open: 'green', expired: 'secondary', revoked: 'orange' } as const;
const LINK_STATE_LABELS = { open: 'Open', expired: 'Expired', revoked: 'Revoked' } as const;

function LinksCard({ clientId, month }: { clientId: string; month: string }) {
  const queryClient = useQueryClient();
  const linksQuery = useQuery(statementLinksQuery(clientId, month));
  // A list that failed to load reads as none, as before the data layer.
  const links = linksQuery.isError ? [] : (linksQuery.data ?? null);
  const [created, setCreated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = () => void queryClient.invalidateQueries({ queryKey: statementKeys.links(clientId, month) });
  return (
    <Card className="print:hidden">
      <CardHeader>
        <CardTitle>Links</CardTitle>
        <CardDescription>
          A link opens this statement without an account, for 30 days unless revoked. It is shown once.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          <Button
            type="button"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                const link = await createStatementLink(clientId, month);
                setCreated(link.url);
                reload();
              } catch (error) {
                void toast({
                  title: errorMessage(error, 'The link could not be created.'),
                  variant: 'destructive',
                });
              } finally {
                setBusy(false);
              }
            }}
          >
            <Link2 />
            Create link
          </Button>
        </div>
        {created && (
          <div className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 p-3">
            <code
              className="min-w-0 flex-1 text-xs [overflow-wrap:anywhere]"
              data-testid="statement-link-url"
            >
              {created}
            </code>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={async () => {
                await navigator.clipboard?.writeText(created);
                void toast({ title: 'Link copied.' });
              }}
            >
              <Copy />
              Copy
            </Button>
          </div>
        )}
        {links === null ? (
          <Skeleton className="h-10 w-full" />
        ) : links.length === 0 ? (
          <p className="text-muted-foreground text-sm">No links to this month's statement yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Links to this statement">
            {links.map((link) => (
              <li key={link.linkId} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <Badge variant={LINK_STATE_BADGES[link.state]}>{LINK_STATE_LABELS[link.state]}</Badge>
                <span className="text-muted-foreground">
                  {link.createdBy} · {formatMoment(link.createdAt)} · until {formatMoment(link.expiresAt)}
                </span>
                {link.state === 'open' && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="ml-auto text-destructive"
                    onClick={async () => {
                      try {
                        await revokeStatementLink(clientId, month, link.linkId);
                        void toast({ title: 'Link revoked.' });
                        reload();
                      } catch (error) {
                        void toast({
                          title: errorMessage(error, 'The link could not be revoked.'),
                          variant: 'destructive',
                        });
                      }
                    }}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function StatementPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const clientList = useToolClients(PICKER_FIELDS['/statements']);
  const clientId = params.get('client');
  const asked = params.get('month');
  // The agency's month; a zone that failed to load reads as the default one.
  const settings = useQuery(settingsQuery());
  const zone = settings.data?.timeZone ?? (settings.isError ? DEFAULT_TIME_ZONE : null);
  const thisMonth = zone === null ? null : monthOf(new Date(), zone);
  const month = asked && isMonth(asked) ? asked : thisMonth;
  const queryClient = useQueryClient();
  const statementLoad = useQuery({
    ...statementQuery(clientId ?? '', month ?? ''),
    enabled: Boolean(clientId && month),
  });

  const choose = (next: { client?: string | null; month?: string }) => {
    const query = new URLSearchParams(params);
    if (next.client !== undefined) {
      if (next.client) query.set('client', next.client);
      else query.delete('client');
    }
    if (next.month) query.set('month', next.month);
    setParams(query, { replace: true });
  };

  const statement = statementLoad.data ?? null;
  return (
    <PageContainer className="statement-page">
      <PageHeader
        className="print:hidden"
        title="Statement"
        description="What the agency delivered for a client in a month, the AI work behind it and what to bill."
        actions={statement && <StatementFileActions statement={statement} />}
      />
      <div className="flex flex-wrap items-end gap-4 print:hidden">
        <div className="w-full max-w-xs">
          <ClientSelect
            id="statement-client"
            {...clientList}
            allowNone={false}
            placeholder="Choose a client"
            value={clientId}
            onChange={(next) => choose({ client: next })}
          />
        </div>
        {month && <MonthPicker month={month} onChange={(next) => choose({ month: next })} />}
        {user?.isAdmin && clientId && statement && (
          <MarkupForm
            clientId={clientId}
            markupPercent={statement.markupPercent}
            onSaved={() => void queryClient.invalidateQueries({ queryKey: statementKeys.client(clientId) })}
          />
        )}
      </div>
      {!clientId ? (
        <p className="text-muted-foreground">Choose a client to see its statement.</p>
      ) : statementLoad.error ? (
        <LoadFailed
          message={errorMessage(statementLoad.error, 'The statement could not be loaded.')}
          onRetry={() => void statementLoad.refetch()}
        />
      ) : statement ? (
        <Card className="print:border-0 print:shadow-none">
          <CardContent className="print:p-0">
            <StatementDocument statement={statement} />
          </CardContent>
        </Card>
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
      {/* Keyed, so a link created for one month is not shown under another's. */}
      {clientId && month && statement && (
        <LinksCard key={`${clientId}/${month}`} clientId={clientId} month={month} />
      )}
    </PageContainer>
  );
}
