import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, ExternalLink, RotateCw, Send, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { CHANNEL_PLATFORM_INFO, type Publication } from '#shared/channels';
import type { ClientContent } from '#shared/content';
import { formatDisplayDate } from '#shared/saved-title';
import { ChannelIcon } from '@/components/channels/channel-icon';
import { deletePublication, retryPublication } from '@/components/channels/channels-api';
import { PUBLICATION_WORDS } from '@/components/channels/messages';
import { publicationOutcome } from '@/components/channels/publication-outcome';
import {
  channelKeys,
  dropPublication,
  publicationsQuery,
  putPublication,
} from '@/components/channels/queries';
import { PublicationStatusBadge } from '@/components/channels/status-badges';
import { useAgencyTimeZone } from '@/components/channels/use-agency-time-zone';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { notifyError, notifySuccess } from '../notify';
import { ITEM_PUBLICATIONS } from './publication-messages';

/**
 * An item's posts to the publishing channels, in its Preview dialog: each with its channel, status and
 * time (the agency's time zone), a failed one's error, and what can be done with it: Retry or Discard a
 * failed post, Cancel a scheduled one, View or Delete a published one (asked first: it leaves the
 * platform). Answers go into the cache of the item's list (docs/architecture.md, "The frontend's data
 * layer").
 */

/** The moment a status is about: when it goes out, went out, or last changed (a failure). */
function momentOf(publication: Publication): string {
  switch (publication.status) {
    case 'scheduled':
    case 'publishing':
      return publication.scheduledAt ?? publication.createdAt;
    case 'published':
      return publication.publishedAt ?? publication.updatedAt;
    case 'failed':
      return publication.updatedAt;
  }
}

type Busy = 'retry' | 'delete' | null;

function PublicationRow({
  publication,
  timeZone,
  onRetry,
  onDelete,
}: {
  publication: Publication;
  timeZone: string | null;
  onRetry: (publication: Publication) => Promise<void>;
  /** Null when deleted, else the server's reason it was not (Instagram's refusal, say). */
  onDelete: (publication: Publication) => Promise<string | null>;
}) {
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { status, channelName, platform } = publication;
  const platformName = CHANNEL_PLATFORM_INFO[platform].name;
  const moment = momentOf(publication);
  const label = (action: string) => ITEM_PUBLICATIONS.actionLabel(action, `${channelName} (${platformName})`);

  const run = async (kind: Exclude<Busy, null>, action: () => Promise<void>) => {
    setBusy(kind);
    await action();
    setBusy(null);
  };
  const remove = () =>
    run('delete', async () => {
      setRefusal(null);
      const refused = await onDelete(publication);
      setConfirming(false);
      setRefusal(refused);
    });

  return (
    <li
      className="grid gap-2 rounded-md border p-3 text-sm"
      data-testid="publication-row"
      data-publication-id={publication.publicationId}
      data-status={status}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <ChannelIcon platform={platform} />
        <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{channelName}</span>
        <PublicationStatusBadge status={status} />
        {timeZone && (
          <time
            className="text-muted-foreground text-xs"
            dateTime={moment}
            title={ITEM_PUBLICATIONS.timeZone(timeZone)}
            data-testid="publication-time"
          >
            {ITEM_PUBLICATIONS.when[status](formatDisplayDate(new Date(moment), timeZone))}
          </time>
        )}
      </div>
      {status === 'failed' && publication.error && (
        <p className="text-destructive text-xs [overflow-wrap:anywhere]" data-testid="publication-error">
          {publication.error}
        </p>
      )}
      {refusal && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-xs [overflow-wrap:anywhere]"
          data-testid="publication-refusal"
        >
          {refusal}
        </p>
      )}
      {confirming ? (
        <div
          className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-2"
          role="alertdialog"
          aria-labelledby={`delete-${publication.publicationId}`}
          data-testid="publication-delete-confirm"
        >
          <p id={`delete-${publication.publicationId}`} className="[overflow-wrap:anywhere]">
            {ITEM_PUBLICATIONS.deleteConfirm(platformName, channelName)}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(false)}>
              {ITEM_PUBLICATIONS.keep}
            </Button>
            <Button
              type="button"
              variant="destructive"
              size="sm"
              // The question just asked: its answer takes the focus.
              autoFocus
              busy={busy === 'delete'}
              onClick={() => void remove()}
            >
              {busy === 'delete' ? <Spinner /> : <Trash2 />}
              {ITEM_PUBLICATIONS.deleteFrom(platformName)}
            </Button>
          </div>
        </div>
      ) : (
        status !== 'publishing' && (
          <div className="flex flex-wrap items-center gap-2">
            {status === 'failed' && (
              <Button
                type="button"
                size="sm"
                aria-label={label(PUBLICATION_WORDS.retry)}
                busy={busy === 'retry'}
                onClick={() => void run('retry', () => onRetry(publication))}
              >
                {busy === 'retry' ? <Spinner /> : <RotateCw />}
                {PUBLICATION_WORDS.retry}
              </Button>
            )}
            {status === 'published' && publication.postUrl && (
              <Button asChild variant="outline" size="sm">
                <a
                  href={publication.postUrl}
                  target="_blank"
                  rel="noopener"
                  aria-label={label(PUBLICATION_WORDS.viewPost)}
                >
                  <ExternalLink />
                  {PUBLICATION_WORDS.viewPost}
                </a>
              </Button>
            )}
            {status === 'published' && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                aria-label={label(ITEM_PUBLICATIONS.deleteFrom(platformName))}
                onClick={() => {
                  setRefusal(null);
                  setConfirming(true);
                }}
              >
                <Trash2 />
                {ITEM_PUBLICATIONS.deleteFrom(platformName)}
              </Button>
            )}
            {(status === 'scheduled' || status === 'failed') && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={label(
                  status === 'scheduled' ? ITEM_PUBLICATIONS.cancel : ITEM_PUBLICATIONS.discard,
                )}
                busy={busy === 'delete'}
                onClick={() => void remove()}
              >
                {busy === 'delete' ? <Spinner /> : <Ban />}
                {status === 'scheduled' ? ITEM_PUBLICATIONS.cancel : ITEM_PUBLICATIONS.discard}
              </Button>
            )}
          </div>
        )
      )}
    </li>
  );
}

/**
 * The section itself. `publishAction` is where the item's 'Publish' button goes (it opens the publish
 * dialog of components/channels); the section shows whatever it is given beside its title.
 */
export function ItemPublications({
  item,
  publishAction,
}: {
  item: Pick<ClientContent, 'client_id' | 'id'>;
  publishAction?: ReactNode;
}) {
  const { client_id: clientId, id: contentId } = item;
  const queryClient = useQueryClient();
  const publications = useQuery(publicationsQuery(clientId, contentId));
  const timeZone = useAgencyTimeZone();

  const retry = async (publication: Publication) => {
    try {
      const answered = await retryPublication(clientId, contentId, publication.publicationId);
      putPublication(queryClient, answered);
      void toast(publicationOutcome(answered));
    } catch (error) {
      notifyError(error, PUBLICATION_WORDS.retryFailed);
      void queryClient.invalidateQueries({ queryKey: channelKeys.publications(clientId, contentId) });
    }
  };

  const remove = async (publication: Publication): Promise<string | null> => {
    try {
      await deletePublication(clientId, contentId, publication.publicationId);
    } catch (error) {
      return errorMessage(error, ITEM_PUBLICATIONS.deleteFailed);
    }
    dropPublication(queryClient, publication);
    const platform = CHANNEL_PLATFORM_INFO[publication.platform].name;
    const done =
      publication.status === 'scheduled'
        ? ITEM_PUBLICATIONS.cancelled
        : publication.status === 'failed'
          ? ITEM_PUBLICATIONS.discarded
          : ITEM_PUBLICATIONS.deleted(platform);
    notifySuccess(done, publication.channelName);
    return null;
  };

  const items = publications.data;
  return (
    <section
      className="grid gap-2 rounded-lg border p-4"
      aria-labelledby="item-publications-title"
      data-testid="item-publications"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="item-publications-title" className="flex items-center gap-2 font-medium text-sm">
          <Send className="size-4 text-muted-foreground" aria-hidden="true" />
          {ITEM_PUBLICATIONS.title}
        </h3>
        {publishAction}
      </div>
      {publications.isError ? (
        <LoadFailed message={ITEM_PUBLICATIONS.loadFailed} onRetry={() => void publications.refetch()} />
      ) : items === undefined ? (
        <Skeleton className="h-14" role="status" aria-label={ITEM_PUBLICATIONS.loading} />
      ) : items.length === 0 ? (
        <p className="text-muted-foreground text-sm">{ITEM_PUBLICATIONS.empty}</p>
      ) : (
        <ul className="grid gap-2" aria-label={ITEM_PUBLICATIONS.listLabel}>
          {items.map((publication) => (
            <PublicationRow
              key={publication.publicationId}
              publication={publication}
              timeZone={timeZone}
              onRetry={retry}
              onDelete={remove}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
