import { BookOpen, FileText, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_MESSAGES,
  API_KEY_SCOPE_DESCRIPTIONS,
  API_KEY_SCOPES,
  type ApiKeyScope,
  type ApiKeySummary,
  type CreatedApiKey,
} from '#shared/api-keys';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useAuth } from '@/lib/auth/auth-context';
import { toast } from '@/lib/toast';
import { STATIC_DOCS } from '../documentation/static-docs';
import { ApiKeyRow } from './api-key-row';
import { toastFailure } from './failure-toast';
import { NewKeyBanner } from './new-key-banner';
import { useApiKeys, useCreateApiKey, useDeleteApiKey, useSetApiKeyActive } from './use-api-keys';
import { WebhooksCard } from './webhooks-card';

/** 'never' or a number of days from now. */
type Expiry = 'never' | `${(typeof API_KEY_EXPIRY_DAYS)[number]}`;

function expiresAt(expiry: Expiry, now = new Date()): string | null {
  return expiry === 'never' ? null : new Date(now.getTime() + Number(expiry) * 86_400_000).toISOString();
}

function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<readonly ApiKeyScope[]>(API_KEY_SCOPES);
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [scopesError, setScopesError] = useState<string | null>(null);
  const create = useCreateApiKey();
  const creating = create.isPending;
  // The name's problem, shown at the field as well as in the toast until the name is edited.
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError(API_KEY_MESSAGES.nameRequired);
      void toast({ title: 'Error', description: API_KEY_MESSAGES.nameRequired, variant: 'destructive' });
      return;
    }
    if (scopes.length === 0) {
      setScopesError(API_KEY_MESSAGES.scopesRequired);
      return;
    }
    try {
      onCreated(
        await create.mutateAsync({
          name: name.trim(),
          scopes: API_KEY_SCOPES.filter((scope) => scopes.includes(scope)),
          expires_at: expiresAt(expiry),
        }),
      );
      setName('');
      void toast({ title: API_KEY_MESSAGES.created, variant: 'success' });
    } catch (error) {
      toastFailure(error, API_KEY_MESSAGES.createFailed);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormField label="Key name" htmlFor="api-key-name" required error={nameError}>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="api-key-name"
            value={name}
            maxLength={100}
            placeholder="e.g. Reporting script"
            onChange={(event) => {
              setName(event.target.value);
              setNameError(null);
            }}
          />
          <Button type="submit" busy={creating}>
            <Plus aria-hidden />
            {creating ? 'Creating…' : 'Create API Key'}
          </Button>
        </div>
      </FormField>
      <div className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <fieldset className="space-y-2" aria-describedby={scopesError ? 'api-key-scopes-error' : undefined}>
          <legend className="font-medium text-sm">What the key may do</legend>
          {API_KEY_SCOPES.map((scope) => (
            <div key={scope} className="flex items-start gap-2">
              <Checkbox
                id={`api-key-scope-${scope}`}
                checked={scopes.includes(scope)}
                onCheckedChange={(checked) => {
                  setScopes((current) =>
                    checked === true ? [...current, scope] : current.filter((item) => item !== scope),
                  );
                  setScopesError(null);
                }}
                className="mt-0.5"
              />
              <label htmlFor={`api-key-scope-${scope}`} className="text-sm leading-snug">
                <span className="font-medium capitalize">{scope}</span>
                <span className="block text-muted-foreground text-xs">
                  {API_KEY_SCOPE_DESCRIPTIONS[scope]}
                </span>
              </label>
            </div>
          ))}
          {scopesError && (
            <p id="api-key-scopes-error" role="alert" className="text-destructive text-sm">
              {scopesError}
            </p>
          )}
        </fieldset>
        <div className="self-start">
          <FormField label="Expires" htmlFor="api-key-expiry">
            <select
              id="api-key-expiry"
              value={expiry}
              onChange={(event) => setExpiry(event.target.value as Expiry)}
              className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring"
            >
              <option value="never">Never</option>
              {API_KEY_EXPIRY_DAYS.map((days) => (
                <option key={days} value={String(days)}>
                  In {days} days
                </option>
              ))}
            </select>
          </FormField>
        </div>
      </div>
    </form>
  );
}

function DocumentationLinks() {
  return (
    <div className="-mt-2 flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <Link to="/documentation">
          <BookOpen aria-hidden />
          API Documentation
        </Link>
      </Button>
      {STATIC_DOCS.map((doc) => (
        <Button key={doc.href} asChild variant="ghost" size="sm">
          <a href={doc.href} target="_blank" rel="noreferrer">
            <FileText aria-hidden />
            {doc.title}
          </a>
        </Button>
      ))}
    </div>
  );
}

/**
 * 001 §2 API Keys: create, show or hide, copy, activate or deactivate, delete; links to the docs; and the
 * webhook endpoints that the same programs listen on.
 */
export function ApiKeysPage() {
  const { user } = useAuth();
  const [everyone, setEveryone] = useState(false);
  const { keys, failed, reload } = useApiKeys(everyone);
  const setActive = useSetApiKeyActive();
  const deleteKey = useDeleteApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<ApiKeySummary | null>(null);

  const toggle = async (apiKey: ApiKeySummary, active: boolean) => {
    setBusyId(apiKey.id);
    try {
      await setActive.mutateAsync({ apiKey, active });
      void toast({
        title: active ? API_KEY_MESSAGES.activated : API_KEY_MESSAGES.deactivated,
        variant: 'success',
      });
    } catch (error) {
      toastFailure(error, API_KEY_MESSAGES.updateFailed);
    } finally {
      setBusyId(null);
    }
  };

  const confirmDelete = async () => {
    const apiKey = pendingDelete;
    if (!apiKey) return;
    setPendingDelete(null);
    setBusyId(apiKey.id);
    try {
      await deleteKey.mutateAsync(apiKey);
      if (created?.id === apiKey.id) setCreated(null);
      void toast({ title: API_KEY_MESSAGES.deleted, variant: 'success' });
    } catch (error) {
      toastFailure(error, API_KEY_MESSAGES.deleteFailed);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <PageContainer className="max-w-4xl">
      <PageHeader
        title="API Keys"
        description="Keys let your own programs call the LBM Studio API with your access."
      />
      <DocumentationLinks />
      {created && <NewKeyBanner created={created} onDismiss={() => setCreated(null)} />}
      <Card>
        <CardHeader>
          <CardTitle>Create a key</CardTitle>
          <CardDescription>Name it after the program that will use it.</CardDescription>
        </CardHeader>
        <CardContent>
          <CreateKeyForm onCreated={setCreated} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <div className="space-y-1.5">
            <CardTitle>{everyone ? 'All API keys' : 'Your API keys'}</CardTitle>
            <CardDescription>Only the first characters of a key are ever shown again.</CardDescription>
          </div>
          {user?.isAdmin && (
            <div className="flex items-center gap-2">
              <Switch id="api-keys-everyone" checked={everyone} onCheckedChange={setEveryone} />
              <Label htmlFor="api-keys-everyone">Show every user’s keys</Label>
            </div>
          )}
        </CardHeader>
        <CardContent className="p-0">
          {failed ? (
            <div className="p-4">
              <LoadFailed message={API_KEY_MESSAGES.fetchFailed} onRetry={reload} />
            </div>
          ) : keys === null ? (
            <div className="space-y-3 p-4" aria-busy="true">
              <Skeleton className="h-14 w-full" />
              <Skeleton className="h-14 w-full" />
            </div>
          ) : keys.length === 0 ? (
            <p className="p-6 text-center text-muted-foreground">No API keys yet. Create one above.</p>
          ) : (
            <ul className="divide-y border-t" aria-label="API keys">
              {keys.map((apiKey) => (
                <ApiKeyRow
                  key={apiKey.id}
                  apiKey={apiKey}
                  showOwner={everyone}
                  owned={apiKey.user_id === user?.id}
                  busy={busyId === apiKey.id}
                  onToggle={(key, active) => void toggle(key, active)}
                  onDelete={setPendingDelete}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <WebhooksCard />
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete API key?"
        description={`“${pendingDelete?.name ?? ''}” stops working at once. Programs using it will get 401 errors.`}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </PageContainer>
  );
}
