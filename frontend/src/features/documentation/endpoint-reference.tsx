import { Lock } from 'lucide-react';
import { marked } from 'marked';
import { MAX_PREFER_WAIT_SECONDS, PUBLIC_API_TAGS } from '#shared/public-api';
import { ScrollRegion } from '@/components/scroll-region';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { CodeBlock } from './code-block';
import { MARKDOWN_CLASSES } from './markdown-view';
import {
  type EndpointView,
  endpointsByTag,
  type FieldView,
  hasPreferWait,
  type OpenApiDocument,
  queryFields,
  requestExample,
  requestFields,
  responseExamples,
  responseFields,
  responseList,
} from './openapi-reference';

function Description({ text, className }: { text: string; className?: string }) {
  // Descriptions come from the server's own OpenAPI document (written in shared/public-api-schemas.ts).
  const html = marked.parseInline(text, { async: false });
  return (
    <span
      className={cn(MARKDOWN_CLASSES, className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own API description, rendered by marked.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** A table of body fields or query parameters; parameters show their description under the name. */
function FieldTable({
  fields,
  endpoint,
  caption,
  heading,
  showDescriptions = false,
  showDefaults = true,
}: {
  fields: FieldView[];
  /** `POST /api/…`: every endpoint has such tables, and each scroll region's name must be unique. */
  endpoint: string;
  caption: string;
  heading: string;
  showDescriptions?: boolean;
  /** Replies have no defaults: the column is left out. */
  showDefaults?: boolean;
}) {
  if (fields.length === 0) return null;
  return (
    <ScrollRegion label={`${caption} of ${endpoint}`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-muted-foreground text-xs">
          <tr>
            <th className="py-1 pr-3 font-medium">{heading}</th>
            <th className="py-1 pr-3 font-medium">Type</th>
            {showDefaults && <th className="py-1 font-medium">Default</th>}
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name} className="border-t align-top">
              <td className="py-1.5 pr-3 text-xs">
                <span className="whitespace-nowrap font-mono">
                  {field.name}
                  {field.required && <span className="text-destructive"> *</span>}
                </span>
                {showDescriptions && field.description && (
                  <Description text={field.description} className="mt-0.5 block text-muted-foreground" />
                )}
              </td>
              <td className="py-1.5 pr-3 font-mono text-muted-foreground text-xs">{field.type}</td>
              {showDefaults && (
                <td className="break-all py-1.5 font-mono text-muted-foreground text-xs">
                  {field.defaultValue ?? '—'}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function Endpoint({ document, endpoint }: { document: OpenApiDocument; endpoint: EndpointView }) {
  const { operation } = endpoint;
  const fields = requestFields(operation);
  const reply = responseFields(document, operation);
  const example = requestExample(operation);
  const needsKey = operation.security === undefined || operation.security.length > 0;
  const name = `${endpoint.method} /api${endpoint.path}`;
  return (
    <Card id={operation.operationId} className="gap-4">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 font-mono text-base">
          <Badge variant={endpoint.method === 'GET' ? 'blue' : 'green'}>{endpoint.method}</Badge>
          <span className="break-all">/api{endpoint.path}</span>
          {needsKey && (
            <span className="flex items-center gap-1 font-sans font-normal text-muted-foreground text-xs">
              <Lock aria-hidden className="size-3" />
              Bearer key
            </span>
          )}
        </CardTitle>
        <CardDescription className="font-medium text-foreground">{operation.summary}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {operation.description && <Description text={operation.description} className="block" />}
        {hasPreferWait(operation) && (
          <p className="text-sm">
            <span className="font-mono text-xs">Prefer: wait=N</span>{' '}
            <span className="text-muted-foreground">(optional header, N ≤ {MAX_PREFER_WAIT_SECONDS})</span>
          </p>
        )}
        <FieldTable
          fields={queryFields(operation)}
          endpoint={name}
          caption="Query parameters"
          heading="Parameter"
          showDescriptions
        />
        <FieldTable fields={fields} endpoint={name} caption="Request body fields" heading="Field" />
        {example !== undefined && (
          <CodeBlock
            code={JSON.stringify(example, null, 2)}
            label="Example body"
            regionLabel={`Example body of ${name}`}
          />
        )}
        {reply && (
          <FieldTable
            fields={reply.fields}
            endpoint={name}
            caption={`Response fields (${reply.status})`}
            heading={`Response (${reply.status})`}
            showDescriptions
            showDefaults={false}
          />
        )}
        {responseExamples(operation).map((reply) => (
          <figure key={reply.summary} className="space-y-1">
            <figcaption className="text-muted-foreground text-xs">Example reply: {reply.summary}</figcaption>
            <CodeBlock
              code={JSON.stringify(reply.value, null, 2)}
              label={`Example reply: ${reply.summary}`}
              regionLabel={`Example reply of ${name}: ${reply.summary}`}
            />
          </figure>
        ))}
        <ul className="space-y-1 text-sm" aria-label="Responses">
          {responseList(document, operation).map((response) => (
            <li key={response.status} className="flex gap-2">
              <span className="w-10 shrink-0 font-mono font-semibold">{response.status}</span>
              <Description text={response.description} className="text-muted-foreground" />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The endpoint reference, rendered from the API's OpenAPI document, in the four tabs of 001 §2. */
export function EndpointReference({ document }: { document: OpenApiDocument }) {
  const groups = endpointsByTag(document);
  return (
    <Tabs defaultValue="Content">
      <TabsList className="flex w-full max-w-md">
        {PUBLIC_API_TAGS.map((tag) => (
          <TabsTrigger key={tag} value={tag}>
            {tag}
          </TabsTrigger>
        ))}
      </TabsList>
      {PUBLIC_API_TAGS.map((tag) => (
        <TabsContent key={tag} value={tag} className="space-y-4">
          {groups[tag].length === 0 ? (
            <p className="text-muted-foreground text-sm">No endpoints in this group yet.</p>
          ) : (
            groups[tag].map((endpoint) => (
              <Endpoint key={`${endpoint.method} ${endpoint.path}`} document={document} endpoint={endpoint} />
            ))
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}
