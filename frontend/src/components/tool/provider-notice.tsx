import { Info } from 'lucide-react';
import { findLanguageModel, PROVIDER_LABELS, type ServingProvider } from '#shared/models';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import type { JobMeta } from './tool-output';

function providerLabel(provider: string): string {
  return provider in PROVIDER_LABELS ? PROVIDER_LABELS[provider as ServingProvider] : provider;
}

/**
 * Says who wrote the result. When the chosen model's provider has no key, the offline composer writes
 * it instead and the server says why (docs/architecture.md, "Generation jobs"): that must be visible, not buried in metadata.
 */
export function ProviderNotice({ meta }: { meta: JobMeta }) {
  if (!meta.provider) return null;
  const model = meta.model ? (findLanguageModel(meta.model)?.label ?? meta.model) : null;
  if (meta.provider !== 'offline' || !meta.notice) {
    return (
      <p className="text-muted-foreground text-xs" data-testid="provider-line">
        Written by {model ?? 'the model'} ({providerLabel(meta.provider)})
      </p>
    );
  }
  return (
    <Alert
      data-testid="offline-notice"
      className="border-amber-300 bg-amber-50 text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <Info aria-hidden="true" />
      <AlertTitle>Offline draft</AlertTitle>
      <AlertDescription className="text-amber-900/90 dark:text-amber-100/90">
        <p>
          {meta.notice}
          {model ? ` (${model} was selected.)` : ''}
        </p>
        {meta.notes.length > 0 && (
          <ul className="mt-1 list-disc pl-5" data-testid="offline-notes">
            {meta.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </AlertDescription>
    </Alert>
  );
}
