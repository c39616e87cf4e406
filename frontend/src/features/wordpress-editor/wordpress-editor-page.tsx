import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink as ExternalIcon, Send, ShieldAlert, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { publishingRefusal } from '#shared/approvals';
import { APPROVAL_UI, isPublishingStatus } from '#shared/content-status';
import {
  isPublicStatus,
  WORDPRESS_MESSAGES,
  WORDPRESS_STATUS_OPTIONS,
  type WordPressCategory,
  type WordPressPostStatus,
} from '#shared/wordpress';
import { ExternalLink } from '@/components/layout/external-link';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { errorMessage, isSessionEnded } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { QueryProvider } from '@/lib/query-client';
import { toast } from '@/lib/toast';
import { createPost, updatePost, uploadMedia } from './editor-api';
import { ImageRefusedError, type MediaUpload, mediaFromDataUrl, mediaFromFile } from './image-files';
import { differsFromLibrary, type PostSource, type StartingPost, startingPost } from './post-source';
import { editorCategoriesQuery, editorPostQuery, type Loaded } from './queries';
import { type EditorHandle, QuillEditor } from './quill-editor';
import { defaultScheduleValue, scheduleInputValue, scheduleIso } from './schedule-time';

const PUBLISHER = '/wordpress-publisher';
const NO_CATEGORY = 'none';

function useEditorData(clientId: string, contentId: string) {
  const navigate = useNavigate();
  const ids = Boolean(clientId && contentId);
  const post = useQuery({ ...editorPostQuery(clientId, contentId), enabled: ids });
  const categories = useQuery({ ...editorCategoriesQuery(clientId), enabled: ids }).data ?? [];
  useEffect(() => {
    // 001 §5: both ids are required, otherwise back to the publisher with the spec's message.
    if (ids) return;
    void toast({ title: WORDPRESS_MESSAGES.missingIds, variant: 'destructive' });
    navigate(PUBLISHER, { replace: true });
  }, [ids, navigate]);
  const { error } = post;
  useEffect(() => {
    // An item that cannot be read sends the user back to its client in the publisher.
    if (!error || isSessionEnded(error)) return;
    void toast({
      title: WORDPRESS_MESSAGES.loadError,
      description: errorMessage(error, WORDPRESS_MESSAGES.loadError),
      variant: 'destructive',
    });
    navigate(`${PUBLISHER}?clientId=${encodeURIComponent(clientId)}`, { replace: true });
  }, [error, clientId, navigate]);
  return { loaded: post.data ?? null, categories };
}

/**
 * Shown when the post was changed on the site since it was last published from here: the editor starts
 * from the site's version (what readers see) and offers the library's instead.
 */
function LiveDiffersNotice({
  source,
  onChoose,
}: {
  source: PostSource;
  onChoose: (source: PostSource) => void;
}) {
  return (
    <Alert data-testid="live-post-differs" role="status">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle className="line-clamp-none">This post was changed on WordPress</AlertTitle>
      <AlertDescription>
        <p>
          Its title or text differs from the copy in the content library (it was edited on the site after it
          was last published from here).{' '}
          {source === 'wordpress'
            ? 'The editor shows the WordPress version.'
            : 'The editor shows the library version; Update Post replaces the WordPress version with it.'}
        </p>
        <div className="flex flex-wrap gap-2 pt-1">
          <Button
            type="button"
            size="sm"
            variant={source === 'wordpress' ? 'default' : 'outline'}
            aria-pressed={source === 'wordpress'}
            onClick={() => onChoose('wordpress')}
          >
            Keep the WordPress version
          </Button>
          <Button
            type="button"
            size="sm"
            variant={source === 'library' ? 'default' : 'outline'}
            aria-pressed={source === 'library'}
            onClick={() => onChoose('library')}
          >
            Use the library version
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

function EditorForm({ loaded, categories }: { loaded: Loaded; categories: WordPressCategory[] }) {
  const navigate = useNavigate();
  const { client, content, link, live, liveError } = loaded;
  const editor = useRef<EditorHandle | null>(null);
  const differs = live !== null && differsFromLibrary(live, content);
  const [source, setSource] = useState<PostSource>('wordpress');
  const [start, setStart] = useState<StartingPost>(() => startingPost('wordpress', content, link, live));
  const [title, setTitle] = useState(start.title);
  const [status, setStatus] = useState<WordPressPostStatus>(start.status);
  const [schedule, setSchedule] = useState(
    start.date ? scheduleInputValue(start.date) : defaultScheduleValue(),
  );
  const [category, setCategory] = useState(
    start.categoryId === null ? NO_CATEGORY : String(start.categoryId),
  );
  const choose = (next: PostSource) => {
    if (next === source) return;
    const chosen = startingPost(next, content, link, live);
    setSource(next);
    setStart(chosen);
    setTitle(chosen.title);
  };
  const postUrl = live?.link ?? link?.url ?? null;
  const postStatus = live?.status ?? link?.status ?? null;
  const statusOptions = WORDPRESS_STATUS_OPTIONS.filter(
    (option) => option.value !== 'pending' || start.status === 'pending',
  );
  // 'Schedule in the future' is shown at the date as well as in the toast until it changes.
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const [uploads, setUploads] = useState(0);
  const [saving, setSaving] = useState(false);

  const upload = useCallback(
    async (prepare: () => Promise<MediaUpload | null>): Promise<string | null> => {
      try {
        const media = await prepare();
        if (!media) throw new ImageRefusedError('This image type cannot be uploaded.');
        const { source_url } = await uploadMedia(client.id, media);
        // 001 §8: an upload with no media URL is an error.
        if (!source_url) throw new Error('No media URL');
        void toast({ title: WORDPRESS_MESSAGES.uploaded, variant: 'success' });
        return source_url;
      } catch (error) {
        if (isSessionEnded(error)) return null;
        void toast({
          title: WORDPRESS_MESSAGES.uploadFailed,
          description:
            error instanceof ImageRefusedError
              ? error.message
              : errorMessage(error, WORDPRESS_MESSAGES.uploadFailed),
          variant: 'destructive',
        });
        return null;
      }
    },
    [client.id],
  );
  const uploadFile = useCallback((file: File) => upload(() => mediaFromFile(file)), [upload]);
  const uploadDataUrl = useCallback(
    (dataUrl: string) => upload(async () => mediaFromDataUrl(dataUrl, Date.now())),
    [upload],
  );

  const submit = async () => {
    const html = editor.current?.html() ?? '';
    const date = status === 'future' ? scheduleIso(schedule) : undefined;
    if (status === 'future' && (!date || Date.parse(date) <= Date.now())) {
      setScheduleError(WORDPRESS_MESSAGES.scheduleInFuture);
      void toast({ title: WORDPRESS_MESSAGES.scheduleInFuture, variant: 'destructive' });
      return;
    }
    if (blocked && !overrideOffered) return;
    const input = {
      contentId: content.id,
      title,
      content: html,
      status,
      ...(blocked ? { overrideApproval: true } : {}),
      ...(category !== NO_CATEGORY ? { categories: [Number(category)] } : {}),
      ...(date ? { date } : {}),
    };
    setSaving(true);
    try {
      const result = link ? await updatePost(client.id, link.id, input) : await createPost(client.id, input);
      if (!result.id) throw new Error('No post id');
      void toast({
        title: link ? WORDPRESS_MESSAGES.updated : WORDPRESS_MESSAGES.published,
        variant: 'success',
      });
      navigate(`${PUBLISHER}?clientId=${encodeURIComponent(client.id)}`);
    } catch (error) {
      if (isSessionEnded(error)) return;
      void toast({
        title: WORDPRESS_MESSAGES.publishFailed,
        description: errorMessage(error, WORDPRESS_MESSAGES.publishFailed),
        variant: 'destructive',
      });
      setSaving(false);
    }
  };

  const busy = saving || uploads > 0;
  // With the client's approval rule, publishing or scheduling needs approved words;
  // the editor says so instead of offering the button, and an administrator may override.
  const { user } = useAuth();
  const refusal = isPublishingStatus(status)
    ? publishingRefusal(
        { requireApproval: client.require_approval, approvalSteps: client.approval_steps },
        content,
      )
    : null;
  const blocked = refusal !== null;
  const overrideOffered = blocked && user?.isAdmin === true;
  return (
    <div className="min-h-svh bg-muted/30">
      <header className="sticky top-0 z-10 border-b bg-background/95 backdrop-blur">
        {/* On a phone the title gets a row of its own under Back and the actions. */}
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => navigate(`${PUBLISHER}?clientId=${encodeURIComponent(client.id)}`)}
          >
            <ArrowLeft aria-hidden="true" />
            {/* The arrow alone on a phone, so Back, View Post and Update Post share one row at 360 px. */}
            <span className="max-sm:sr-only">Back</span>
          </Button>
          <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
            <h1 className="break-words font-semibold text-base sm:text-lg">
              {link ? 'Edit WordPress Post' : 'Publish to WordPress'}
            </h1>
            <p className="break-words text-muted-foreground text-sm sm:truncate">
              {client.name} · {content.title}
            </p>
          </div>
          <div className="ml-auto flex shrink-0 flex-wrap justify-end gap-2">
            {postUrl && isPublicStatus(postStatus) && (
              <Button asChild variant="outline" size="sm">
                <ExternalLink href={postUrl}>
                  <ExternalIcon aria-hidden="true" />
                  View Post
                </ExternalLink>
              </Button>
            )}
            {(!blocked || overrideOffered) && (
              <Button
                type="button"
                size="sm"
                variant={blocked ? 'destructive' : 'default'}
                disabled={busy || title.trim() === ''}
                onClick={() => void submit()}
              >
                <Send aria-hidden="true" />
                {saving
                  ? link
                    ? 'Updating…'
                    : 'Publishing…'
                  : blocked
                    ? APPROVAL_UI.override
                    : link
                      ? 'Update Post'
                      : 'Publish Post'}
              </Button>
            )}
          </div>
        </div>
      </header>
      <main className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6">
        {blocked && (
          <Alert data-testid="approval-required" role="status">
            <ShieldAlert aria-hidden="true" />
            <AlertTitle className="line-clamp-none">{refusal.message}</AlertTitle>
            <AlertDescription>
              <p>{overrideOffered ? APPROVAL_UI.editorAdmin : APPROVAL_UI.editor}</p>
            </AlertDescription>
          </Alert>
        )}
        {differs && <LiveDiffersNotice source={source} onChoose={choose} />}
        {liveError && (
          <Alert variant="destructive" data-testid="live-post-failed">
            <TriangleAlert aria-hidden="true" />
            <AlertTitle className="line-clamp-none">The post could not be read from WordPress</AlertTitle>
            <AlertDescription>
              <p>
                {liveError} The editor shows the library's copy; Update Post replaces the post on WordPress
                with it.
              </p>
            </AlertDescription>
          </Alert>
        )}
        <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_12rem_minmax(0,14rem)]">
          <FormField label="Post Title" htmlFor="post-title" required>
            <Input id="post-title" value={title} onChange={(event) => setTitle(event.target.value)} />
          </FormField>
          <FormField label="Post Status" htmlFor="post-status">
            <Select
              value={status}
              onValueChange={(value) =>
                setStatus(WORDPRESS_STATUS_OPTIONS.find((option) => option.value === value)?.value ?? status)
              }
            >
              <SelectTrigger id="post-status" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {statusOptions.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          {categories.length > 0 && (
            <FormField label="Categories" htmlFor="post-category">
              <Select value={category} onValueChange={setCategory}>
                <SelectTrigger id="post-category" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_CATEGORY}>No category</SelectItem>
                  {categories.map((item) => (
                    <SelectItem key={item.id} value={String(item.id)}>
                      {item.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          )}
        </div>
        {status === 'future' && (
          <FormField
            label="Publish on (your time)"
            htmlFor="post-schedule"
            required
            error={scheduleError}
            className="max-w-xs"
          >
            <Input
              id="post-schedule"
              type="datetime-local"
              value={schedule}
              onChange={(event) => {
                setSchedule(event.target.value);
                setScheduleError(null);
              }}
            />
          </FormField>
        )}
        <QuillEditor
          key={source}
          initialHtml={start.html}
          handle={editor}
          uploadFile={uploadFile}
          uploadDataUrl={uploadDataUrl}
          onUploadsChange={setUploads}
        />
        {uploads > 0 && (
          <p role="status" className="text-muted-foreground text-sm">
            Uploading {uploads === 1 ? 'an image' : `${uploads} images`} to WordPress…
          </p>
        )}
      </main>
    </div>
  );
}

/** 001 §2 WordPress Editor (no sidebar): /wordpress-editor?contentId=...&clientId=... */
export function WordPressEditorPage() {
  // Outside the signed-in frame, so the screen brings the data layer itself (docs/architecture.md,
  // "The frontend's data layer").
  return (
    <QueryProvider>
      <WordPressEditor />
    </QueryProvider>
  );
}

function WordPressEditor() {
  const [params] = useSearchParams();
  const clientId = params.get('clientId') ?? '';
  const contentId = params.get('contentId') ?? '';
  const { loaded, categories } = useEditorData(clientId, contentId);
  if (!loaded) return <LoadingScreen />;
  return <EditorForm key={`${clientId}:${contentId}`} loaded={loaded} categories={categories} />;
}
