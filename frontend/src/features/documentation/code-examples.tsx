import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CodeBlock } from './code-block';
import pythonExample from './examples/lbm_api_example.py?raw';
// The very files the integration test runs against the local app (test/integration/public-api.test.ts).
import javascriptExample from './examples/lbm-api-example.mjs?raw';

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

/** Complete programs: create a client, generate a newsletter with Prefer: wait, poll a job. */
export function CodeExamples() {
  return (
    <Tabs defaultValue="javascript">
      <TabsList>
        {EXAMPLES.map((example) => (
          <TabsTrigger key={example.id} value={example.id}>
            {example.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {EXAMPLES.map((example) => (
        <TabsContent key={example.id} value={example.id} className="space-y-3">
          <p className="text-muted-foreground text-sm">
            Save as <code className="font-mono">{example.file}</code> and run:
          </p>
          <CodeBlock code={example.run} label="Command" />
          <CodeBlock code={example.code} label={`${example.label} example`} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
