import { describe, expect, it } from 'vitest';
import { DEFAULT_PRESS_RELEASE_INSTRUCTIONS } from '#shared/client';
import { pressReleaseRequestSchema } from '#shared/tools/press-release';
import {
  activeSourceEmpty,
  initialPressReleaseForm,
  instructionsPrefill,
  pressReleaseDownload,
  pressReleaseRequest,
  readPressReleaseOutput,
  validatePressRelease,
} from './press-release-form';

const now = new Date(2026, 10, 21, 9, 30);
const form = initialPressReleaseForm(now);
const client = {
  id: 'c1',
  name: 'Riverside Plumbing',
  company_name: 'Riverside Plumbing LLC',
  city: 'Springfield',
  state: 'IL',
  press_release_instructions: 'Keep it under 400 words.',
};

describe('press release form', () => {
  it('defaults to today, the first model, header and company info on', () => {
    expect(form).toMatchObject({
      releaseDate: '2026-11-21',
      model: 'claude-sonnet-4.1-20250514',
      includeHeader: true,
      includeCompanyInfo: true,
      useClientCompanyInfo: false,
      mode: 'topic',
    });
    expect(activeSourceEmpty(form)).toBe(true);
  });

  it('gives the 001 §5 messages', () => {
    expect(validatePressRelease({ ...form, topic: ' ' }, false)?.description).toBe(
      'Please enter a topic for the press release',
    );
    expect(validatePressRelease({ ...form, mode: 'url', url: ' ' }, false)?.description).toBe(
      'Please enter a URL to extract content from',
    );
    expect(validatePressRelease({ ...form, topic: 'x', saveToClient: true }, true)?.title).toBe(
      'Select a client',
    );
    expect(validatePressRelease({ ...form, topic: 'x' }, true)).toBeNull();
  });

  it('prefills the instructions from the client, else the default', () => {
    expect(instructionsPrefill(client)).toBe('Keep it under 400 words.');
    expect(instructionsPrefill({ id: 'c2', name: 'B', press_release_instructions: null })).toBe(
      DEFAULT_PRESS_RELEASE_INSTRUCTIONS,
    );
    expect(instructionsPrefill(null)).toBe(DEFAULT_PRESS_RELEASE_INSTRUCTIONS);
  });

  it("sends the client's company data only when asked, with an ISO release date", () => {
    const body = pressReleaseRequest(
      { ...form, topic: 'Grand opening', useClientCompanyInfo: true },
      client,
      {
        timeZone: 'UTC',
        hasClients: true,
        instructions: 'Edited',
      },
    );
    expect(pressReleaseRequestSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      releaseDate: '2026-11-21',
      useClientCompanyInfo: true,
      clientCompanyData: {
        clientName: 'Riverside Plumbing',
        companyName: 'Riverside Plumbing LLC',
        city: 'Springfield',
      },
      instructions: 'Edited',
      clientId: 'c1',
    });
    const plain = pressReleaseRequest({ ...form, topic: 'x', useClientCompanyInfo: true }, null, {
      timeZone: 'UTC',
      hasClients: false,
    });
    expect(plain).toMatchObject({ useClientCompanyInfo: false, clientCompanyData: null, clientId: null });
    expect(plain).not.toHaveProperty('instructions');
  });

  it('reads html and text and names the downloads', () => {
    const output = readPressReleaseOutput({
      generatedHtml: '<h1>Opening</h1>',
      generatedText: 'Opening day',
    });
    expect(output).toMatchObject({ text: 'Opening day', wordCount: 2 });
    if (!output) throw new Error('no output');
    const body = pressReleaseRequest({ ...form, topic: 'Grand Opening' }, null, {
      timeZone: 'UTC',
      hasClients: false,
    });
    expect(pressReleaseDownload(output, body, 'txt', now)).toEqual({
      name: 'grand-opening-press-release-2026-11-21-0930.txt',
      content: 'Opening day',
      mimeType: 'text/plain',
    });
  });
});
