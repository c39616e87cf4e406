import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { FORMULA_PAYLOADS } from '#test/support/formula-payloads';
import { BATCH_MESSAGES, type BatchClientRef, MAX_BATCH_ROWS } from './batch-columns';
import {
  batchResultsCsv,
  batchTemplateCsv,
  checkBatch,
  csvCells,
  describeProblem,
  notUtf8Row,
  parseBatchCsv,
  rowsFromJson,
  withoutRows,
  withRowCells,
} from './batches';
import { estimateTextTool } from './tools/job-estimates';
import { NEWSLETTER_MESSAGES } from './tools/newsletter';
import { SOCIAL_MESSAGES } from './tools/social-content';

/**
 * docs/decisions.md, "Usage, cost, budgets and bulk runs": a batch CSV is read and every row checked with the
 * tools' own schemas.
 */

const clients: BatchClientRef[] = [
  { id: '01HPEAKROOFING0000000000000', name: 'Peak Roofing', website: 'https://peak.example' },
  { id: '01HBRIGHTSMILE0000000000000', name: 'Bright Smile', website: null },
  { id: '01HBRIGHTSMILE0000000000001', name: 'bright smile', website: null },
];

const check = (csv: string, saveToClient = true) => checkBatch(parseBatchCsv(csv), clients, { saveToClient });

describe('checkBatch', () => {
  it('accepts the template: one row per tool, each a request of its tool', () => {
    const checked = check(batchTemplateCsv());
    expect(checked.problems).toEqual([]);
    expect(checked.rows.map((row) => [row.row, row.tool, row.job])).toEqual([
      [2, 'newsletter', 'newsletter'],
      [3, 'press-release', 'press-release'],
      [4, 'blog-rewrite', 'blog-rewrite'],
      [5, 'faq', 'faq'],
      [6, 'howto', 'faq'],
      [7, 'client-content', 'client-content'],
      [8, 'social', 'social-content'],
      [9, 'gbp-post', 'gbp-post'],
    ]);
    const howto = checked.rows[4];
    expect(howto?.request).toMatchObject({
      contentType: 'howto',
      questionCount: 7,
      clientId: clients[0]?.id,
    });
    // Client content writes for the client's own site when the row gives no url.
    expect(checked.rows[5]?.request).toMatchObject({ clientUrl: 'https://peak.example', saveToClient: true });
    expect(checked.rows[6]?.request).toMatchObject({
      platforms: ['facebook', 'instagram'],
      tone: 'friendly',
    });
    expect(checked.estimateMicroUsd).toBe(checked.rows.reduce((sum, row) => sum + row.estimateMicroUsd, 0));
    expect(checked.rows[0]?.estimateMicroUsd).toBe(estimateTextTool('newsletter', checked.rows[0]?.request));
    expect(checked.estimateMicroUsd).toBeGreaterThan(0);
  });

  it('names each problem with its spreadsheet row and column, in the tools’ own words', () => {
    const csv = [
      'tool,client,topic,url,model,questions,framework',
      'newsletter,Peak Roofing,,,,,',
      'brochure,Peak Roofing,Roofs,,,,',
      'faq,Nobody Inc,Gutters,,,12,',
      'newsletter,Bright Smile,Teeth,,,,',
      'newsletter,,Teeth,https://a.example,,,',
      'blog-rewrite,,,not a url,,,',
      'faq,,Gutters,,gpt-9,,',
      'newsletter,,Teeth,,,,aida',
      'faq,,Gutters,,,seven,',
    ].join('\n');
    const { problems, rows } = check(csv);
    expect(rows).toEqual([]);
    expect(problems.map(describeProblem)).toEqual([
      `Row 2, topic: ${NEWSLETTER_MESSAGES.topicRequired.description}`,
      `Row 3, tool: ${BATCH_MESSAGES.unknownTool('brochure')}`,
      `Row 4, client: ${BATCH_MESSAGES.clientNotFound('Nobody Inc')}`,
      // Every problem of a row at once, the schema's own among them, in the app's words.
      'Row 4, questions: questions must be a whole number from 7 to 10.',
      `Row 5, client: ${BATCH_MESSAGES.clientAmbiguous('Bright Smile', 2)}`,
      `Row 6, url: ${BATCH_MESSAGES.topicOrUrl}`,
      'Row 7, url: Please enter a valid URL',
      `Row 8, model: ${BATCH_MESSAGES.unknownModel('gpt-9')}`,
      `Row 9, framework: ${BATCH_MESSAGES.notForTool('framework', 'newsletter')}`,
      'Row 10, questions: questions must be a whole number from 7 to 10.',
    ]);
  });

  it("words every rule a tool's schema checks as the app's own, naming the column, never zod's", () => {
    const csv = [
      'tool,topic,questions,heading_level,framework,url,platforms,tone,post_type',
      'faq,Gutters,6,h5,,,,,',
      'howto,Gutters,11,,,,,,',
      'blog-rewrite,,,,bold,https://a.example/post,,,',
      'social,Spring,,,,,facebook; myspace,loud,',
      'gbp-post,Spring,,,,,,,party',
      `faq,${'x'.repeat(2_001)},,,,,,,`,
    ].join('\n');
    const problems = check(csv, false).problems.map(describeProblem);
    expect(problems).toEqual([
      'Row 2, questions: questions must be a whole number from 7 to 10.',
      'Row 2, heading_level: heading_level must be one of: h2, h3, h4.',
      'Row 3, questions: questions must be a whole number from 7 to 10.',
      'Row 4, framework: framework must be one of: original, storybrand, aida, pas.',
      'Row 5, platforms: platforms must be one of: facebook, instagram, linkedin, twitter.',
      'Row 5, tone: tone must be one of: professional, casual, friendly, urgent, inspirational.',
      'Row 6, post_type: post_type must be one of: update, event, offer, community.',
      'Row 7, topic: topic must be at most 2,000 characters.',
    ]);
    for (const problem of problems) expect(problem).not.toMatch(/Too (small|big)|Invalid|expected/u);
  });

  it('names the column a social row lacks: its topic or its platforms', () => {
    const csv = [
      'tool,topic,platforms',
      'social,Free roof inspections all April,',
      'social,,facebook',
      'social,Free roof inspections all April,facebook; myspace',
    ].join('\n');
    expect(check(csv).problems.map(describeProblem)).toEqual([
      `Row 2, platforms: ${SOCIAL_MESSAGES.promptAndPlatformRequired}`,
      `Row 3, topic: ${SOCIAL_MESSAGES.promptAndPlatformRequired}`,
      expect.stringMatching(/^Row 4, platforms: /u),
    ]);
  });

  it('refuses an unknown column, a file without a tool column, an empty file and too many rows', () => {
    expect(check('tool,colour\nnewsletter,red').problems[0]?.message).toBe(
      BATCH_MESSAGES.unknownColumn('colour'),
    );
    expect(check('topic\nRoofs').problems.map((problem) => problem.message)).toContain(
      BATCH_MESSAGES.noToolColumn,
    );
    expect(check('tool,topic\n').problems[0]?.message).toBe(BATCH_MESSAGES.empty);
    const many = ['tool,topic', ...Array.from({ length: MAX_BATCH_ROWS + 1 }, (_, i) => `faq,Topic ${i}`)];
    expect(check(many.join('\n')).problems.map((problem) => problem.message)).toContain(
      BATCH_MESSAGES.tooMany,
    );
  });

  it('reads quoted cells, a byte-order mark, blank lines, client ids and model labels', () => {
    const csv =
      '\uFEFFtool,client,topic,model\r\n\r\nfaq,01HBRIGHTSMILE0000000000001,"Braces, aligners and ""retainers""",GPT-4o\r\n';
    const { rows, problems } = check(csv);
    expect(problems).toEqual([]);
    expect(rows[0]).toMatchObject({
      row: 3,
      clientName: 'bright smile',
      modelId: 'gpt-4o',
      request: { topic: 'Braces, aligners and "retainers"', model: 'gpt-4o' },
    });
  });

  it('does not save rows without a client, nor any row when saving is off', () => {
    const csv = 'tool,client,topic\nfaq,,Gutters\nfaq,Peak Roofing,Gutters';
    expect(check(csv).rows.map((row) => row.request.saveToClient)).toEqual([false, true]);
    expect(check(csv, false).rows.map((row) => row.request.saveToClient)).toEqual([false, false]);
  });

  it('takes JSON rows numbered from 1, values of any simple type', () => {
    const parsed = rowsFromJson([
      { tool: 'faq', topic: 'Gutters', questions: 9 },
      { tool: 'faq', colour: 'red' },
    ]);
    const checked = checkBatch(parsed, clients, { saveToClient: false });
    expect(checked.rows[0]).toMatchObject({ row: 1, request: { questionCount: 9 } });
    expect(checked.problems.map(describeProblem)).toContain(
      `Row 2: ${BATCH_MESSAGES.unknownColumn('colour')}`,
    );
  });
});

describe('batchResultsCsv', () => {
  it('writes one line per row with its status, title and cost', () => {
    const csv = batchResultsCsv(
      {
        batchId: 'B1',
        rows: [
          {
            row: 2,
            status: 'succeeded',
            tool: 'faq',
            clientId: 'c',
            clientName: 'Peak, Inc',
            jobId: 'j',
            progress: 100,
            title: 'FAQ – Gutters',
            contentId: 'j',
            costUsd: 0.0123,
          },
          {
            row: 3,
            status: 'failed',
            tool: 'faq',
            clientId: null,
            clientName: null,
            jobId: 'k',
            progress: 0,
            error: 'Provider down',
          },
          {
            row: 5,
            status: 'succeeded',
            tool: 'howto',
            clientId: null,
            clientName: null,
            jobId: 'm',
            progress: 100,
            title: 'How to clear gutters',
            costUsd: 0,
            resultExpiresAt: '2026-12-08T10:00:00.000Z',
          },
        ],
      },
      'https://app.example',
    );
    expect(csv.split('\r\n')).toEqual([
      'row,tool,client,status,title,contentId,result,resultExpiresAt,costUsd,error',
      '2,"faq","Peak, Inc","succeeded","FAQ – Gutters","j","https://app.example/clients?library=c","",0.012300,""',
      '3,"faq","","failed","","","","",,"Provider down"',
      // A row without a client: its result is the bulk page's preview of its job, kept until it expires.
      '5,"howto","","succeeded","How to clear gutters","","https://app.example/bulk?batch=B1&row=5","2026-12-08T10:00:00.000Z",0.000000,""',
    ]);
  });

  it("neutralises a client's name and an AI title that would start a formula; the row and cost stay numbers", () => {
    const csv = batchResultsCsv(
      {
        batchId: 'B1',
        rows: FORMULA_PAYLOADS.map((payload, index) => ({
          row: index + 2,
          status: 'succeeded',
          tool: 'faq',
          clientId: 'c',
          clientName: payload,
          jobId: `j${index}`,
          progress: 100,
          title: payload,
          contentId: `j${index}`,
          costUsd: 0.5,
        })),
      },
      'https://app.example',
    );
    const { data } = Papa.parse<Record<string, unknown>>(csv, { header: true, dynamicTyping: true });
    expect(data.map((line) => [line.client, line.title])).toEqual(
      FORMULA_PAYLOADS.map((payload) => [`'${payload}`, `'${payload}`]),
    );
    expect(data.map((line) => [line.row, line.costUsd])).toEqual(
      FORMULA_PAYLOADS.map((_, index) => [index + 2, 0.5]),
    );
  });
});

describe('notUtf8Row', () => {
  /** Windows-1252 bytes (é as 0xE9), decoded as UTF-8 the way the browser's File.text() and Buffer do. */
  const latin1 = (text: string) =>
    new TextDecoder('utf-8').decode(Uint8Array.from(text, (char) => char.charCodeAt(0)));

  it('names the first row holding bytes that are not UTF-8, as a spreadsheet numbers it', () => {
    const csv = latin1(
      'tool,client,topic\r\nfaq,Peak Roofing,"Gutters\r\nand more"\r\nfaq,Caf\u00e9 Roma,Menus\r\nfaq,B\u00e9b\u00e9,Toys',
    );
    expect(notUtf8Row(csv)).toBe(3);
    expect(BATCH_MESSAGES.notUtf8(3)).toBe(
      'Row 3 is not valid UTF-8 text: save the file as CSV UTF-8 and upload it again.',
    );
  });

  it('passes UTF-8 text, accents and a byte-order mark included', () => {
    const bytes = new TextEncoder().encode('\uFEFFtool,client,topic\nfaq,Café Roma,Menus – été\n');
    expect(notUtf8Row(new TextDecoder('utf-8').decode(bytes))).toBeNull();
    expect(notUtf8Row('tool,client,topic\nfaq,Peak,Gutters')).toBeNull();
  });
});

describe('withoutRows', () => {
  it('blanks the rows out of the text as typed, so the others keep their spreadsheet numbers and characters', () => {
    const csv =
      'tool,client,topic\r\nfaq,Peak,"Gutters,\nand more"\r\n\r\nfaq,Peak,- tips\r\nnewsleter,Peak,=x\r\nfaq,Peak,Last';
    const kept = withoutRows(csv, new Set([2, 5]));
    expect(kept).toBe('tool,client,topic\r\n\r\n\r\nfaq,Peak,- tips\r\n\r\nfaq,Peak,Last');
    // The rows the user has as 4 and 6 in their spreadsheet are still rows 4 and 6.
    expect(parseBatchCsv(kept).rows.map((row) => [row.row, row.values.topic])).toEqual([
      [4, '- tips'],
      [6, 'Last'],
    ]);
    expect(withoutRows(csv, new Set([6]))).toBe(csv.slice(0, csv.lastIndexOf('faq,Peak,Last')));
    expect(withoutRows(`\uFEFF${csv}`, new Set())).toBe(csv);
    // The header is not a row to remove.
    expect(withoutRows(csv, new Set([1]))).toBe(csv);
  });
});

describe('withRowCells', () => {
  it('replaces one row with its fixed cells, quoting where needed, the other rows as typed', () => {
    const csv = 'tool,client,topic\r\nfaq,Peak,"Gutters,\nand more"\r\nnewsleter,Peak,=x\r\nfaq,Peak,Last';
    const fixed = withRowCells(csv, 3, ['newsletter', 'Peak', 'Ice dams, and more']);
    expect(fixed).toBe(
      'tool,client,topic\r\nfaq,Peak,"Gutters,\nand more"\r\nnewsletter,Peak,"Ice dams, and more"\r\nfaq,Peak,Last',
    );
    expect(csvCells(fixed)[2]).toEqual(['newsletter', 'Peak', 'Ice dams, and more']);
    // A formula-like value the user typed is theirs: it goes back as typed, not neutralised.
    expect(csvCells(withRowCells(csv, 4, ['faq', 'Peak', '-1 tip']))[3]).toEqual(['faq', 'Peak', '-1 tip']);
    expect(parseBatchCsv(fixed).rows.map((row) => row.row)).toEqual([2, 3, 4]);
  });
});
