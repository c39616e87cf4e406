import { MCP_GENERATION_WAIT_SECONDS as GENERATION_WAIT_SECONDS } from '#shared/public-api';
import { WEBHOOK_TIMEOUT_MS } from '#shared/webhooks';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CodeBlock } from './code-block';
import pythonExample from './examples/lbm_api_example.py?raw';
// The very files the integration test runs against the local app (test/integration/public-api.test.ts).
import javascriptExample from './examples/lbm-api-example.mjs?raw';
// The MCP client configuration the MCP server's integration test connects with (test/integration/mcp-server.test.ts).
import mcpConfig from './examples/mcp-config.json?raw';
import pythonReceiver from './examples/webhook_receiver.py?raw';
// And the receivers the webhooks' integration test sends real deliveries to (test/integration/webhooks.test.ts).
import javascriptReceiver from './examples/webhook-receiver.mjs?raw';

export const EXAMPLES = [
  {
    id: 'javascript',
    label: 'JavaScript',
    file: 'lbm-api-example.mjs',
    run: 'LBM_API_URL=https://YOUR-STUDIO LBM_API_KEY=lbm_… node lbm-api-example.mjs',
    code: javascriptExample,
  },
  {
    id: 'python',
    label: 'Python',
    file: 'lbm_api_example.py',
    run: 'LBM_API_URL=https://YOUR-STUDIO LBM_API_KEY=lbm_… python3 lbm_api_example.py',
    code: pythonExample,
  },
] as const;

export const WEBHOOK_RECEIVERS = [
  {
    id: 'javascript',
    label: 'JavaScript',
    file: 'webhook-receiver.mjs',
    run: 'npm install standardwebhooks && LBM_WEBHOOK_SECRET=whsec_… PORT=8080 node webhook-receiver.mjs',
    code: javascriptReceiver,
  },
  {
    id: 'python',
    label: 'Python',
    file: 'webhook_receiver.py',
    run: 'LBM_WEBHOOK_SECRET=whsec_… PORT=8080 python3 webhook_receiver.py',
    code: pythonReceiver,
  },
] as const;

type Example = (typeof EXAMPLES)[number] | (typeof WEBHOOK_RECEIVERS)[number];

function ExampleTabs({
  examples,
  kind,
  label,
}: {
  examples: readonly Example[];
  kind: string;
  label: string;
}) {
  return (
    <Tabs defaultValue="javascript">
      <TabsList aria-label={label}>
        {examples.map((example) => (
          <TabsTrigger key={example.id} value={example.id}>
            {example.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {examples.map((example) => (
        <TabsContent key={example.id} value={example.id} className="space-y-3">
          <p className="text-muted-foreground text-sm">
            Save as <code className="font-mono">{example.file}</code> and run:
          </p>
          <CodeBlock code={example.run} label="Command" />
          <CodeBlock code={example.code} label={`${example.label} ${kind}`} />
        </TabsContent>
      ))}
    </Tabs>
  );
}

/**
 * Complete programs: create a client, generate a newsletter with Prefer: wait, poll a job; a webhook
 * receiver that checks each delivery's signature; and an MCP client's configuration.
 */
export function CodeExamples() {
  return (
    <div className="space-y-8">
      <ExampleTabs examples={EXAMPLES} kind="example" label="API examples" />
      <section aria-labelledby="webhook-receivers" className="space-y-3">
        <h3 id="webhook-receivers" className="font-semibold text-lg">
          Receiving webhooks
        </h3>
        <p className="text-muted-foreground text-sm">
          Register an endpoint on the API Keys page or with <code className="font-mono">POST /webhooks</code>,
          then check every delivery with its signing secret before you trust it. Answer with a 2xx within{' '}
          {WEBHOOK_TIMEOUT_MS / 1000} seconds: anything else is tried again for about a day.
        </p>
        <ExampleTabs examples={WEBHOOK_RECEIVERS} kind="webhook receiver" label="Webhook receivers" />
      </section>
      <section aria-labelledby="mcp-server" className="space-y-3">
        <h3 id="mcp-server" className="font-semibold text-lg">
          Connecting an AI agent (MCP)
        </h3>
        <p className="text-muted-foreground text-sm">
          The API is also a Model Context Protocol server at <code className="font-mono">/api/mcp</code>{' '}
          (Streamable HTTP). Add it to an MCP client such as Claude, Cursor or VS Code with an API key: the
          agent can then find clients, generate every kind of content, read jobs and the library, and publish,
          with the key’s scopes. A generation that takes longer than {GENERATION_WAIT_SECONDS} seconds answers
          its job, which the agent reads with <code className="font-mono">get_job</code>.
        </p>
        <CodeBlock code={mcpConfig} label="MCP client configuration" />
      </section>
    </div>
  );
}
