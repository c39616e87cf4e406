import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findMediaTool, MEDIA_TOOL_NAMES } from '#functions/media/media-tools';
import { JOB_TOOLS } from '#shared/generation-jobs';
import { findTool, TEXT_TOOL_NAMES } from './tool-registry';

/** Each tool folder with a job definition (`functions/tools/<tool>/definition.ts`). */
const toolsDir = join(import.meta.dirname, '..', 'tools');
const definedTools = readdirSync(toolsDir).filter((name) =>
  existsSync(join(toolsDir, name, 'definition.ts')),
);

describe('the text tool registry', () => {
  it('loads each tool under the name its jobs carry', { timeout: 60_000 }, async () => {
    for (const name of TEXT_TOOL_NAMES) {
      const tool = await findTool(name);
      expect(tool?.name, name).toBe(name);
    }
  });

  // It imports every tool definition (the media worker's too): seconds of module loading on a busy machine.
  it('registers every tool definition that the media worker does not run, and no other', {
    timeout: 60_000,
  }, async () => {
    const textTools: string[] = [];
    for (const name of definedTools) if (!(await findMediaTool(name))) textTools.push(name);
    expect(textTools.length).toBeGreaterThan(0);
    expect([...TEXT_TOOL_NAMES].sort()).toEqual(textTools.sort());
  });

  it('runs, with the media worker, exactly the job kinds shared/generation-jobs.ts lists', () => {
    expect([...TEXT_TOOL_NAMES, ...MEDIA_TOOL_NAMES].sort()).toEqual([...JOB_TOOLS].sort());
  });

  it('knows no other kind of job', async () => {
    expect(await findTool('no-such-tool')).toBeUndefined();
    expect(await findTool('toString')).toBeUndefined();
  });
});
