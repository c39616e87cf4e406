import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export type SourceMode = 'topic' | 'url';

/** Topic or URL as the generation source (000 §2, 001 §2); Topic is the default. */
export function SourceTabs({
  value,
  onChange,
  topic,
  url,
  disabled,
}: {
  value: SourceMode;
  onChange: (mode: SourceMode) => void;
  topic: ReactNode;
  url: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Tabs value={value} onValueChange={(next) => onChange(next === 'url' ? 'url' : 'topic')}>
      <TabsList className="w-full">
        <TabsTrigger value="topic" disabled={disabled}>
          Topic
        </TabsTrigger>
        <TabsTrigger value="url" disabled={disabled}>
          URL
        </TabsTrigger>
      </TabsList>
      <TabsContent value="topic" className="pt-2">
        {topic}
      </TabsContent>
      <TabsContent value="url" className="pt-2">
        {url}
      </TabsContent>
    </Tabs>
  );
}
