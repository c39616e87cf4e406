import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FONT_FILE_NAME, offlineFontPath } from './offline-font';

/**
 * docs/decisions.md, "Lambda runtime nodejs24.x, and every asset run on it": in Lambda the font is read from
 * the function's folder (LAMBDA_TASK_ROOT), where the bundling copies it, not beside the module that reads it
 * (a chunk, under chunks/); the npm package is only there outside Lambda.
 * test/infra/lambda-assets-run.test.ts draws with it from a built asset.
 */
describe('the offline renderer font', () => {
  const folders: string[] = [];
  const folder = () => {
    const made = mkdtempSync(join(tmpdir(), 'offline-font-'));
    folders.push(made);
    return made;
  };
  afterEach(() => {
    for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
  });

  it('is read from the npm package outside Lambda', () => {
    const path = offlineFontPath({});
    expect(path).toMatch(/dejavu-fonts-ttf\/ttf\/DejaVuSans-Bold\.ttf$/);
    expect(existsSync(path)).toBe(true);
  });

  it("is read from the function's folder in Lambda", () => {
    const taskRoot = folder();
    copyFileSync(offlineFontPath({}), join(taskRoot, FONT_FILE_NAME));
    expect(offlineFontPath({ LAMBDA_TASK_ROOT: taskRoot })).toBe(join(taskRoot, FONT_FILE_NAME));
  });

  it("names the file and the folder when the function's folder lacks it", () => {
    const taskRoot = folder();
    expect(() => offlineFontPath({ LAMBDA_TASK_ROOT: taskRoot })).toThrow(
      `The offline image renderer's font DejaVuSans-Bold.ttf is missing from the function's folder ${taskRoot}`,
    );
  });
});
