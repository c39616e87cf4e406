import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_INSTRUCTIONS } from '#shared/client';
import { clientContentRequestSchema } from '#shared/tools/client-content';
import {
  clientContentDownload,
  clientContentMetadata,
  clientContentRequest,
  contentInstructionsPrefill,
  initialClientContentForm,
  readClientContentOutput,
  validateClientContent,
  websitePrefill,
} from './client-content-form';

const client = {
  id: 'c1',
  name: 'Acme',
  website: 'https://acme.example.com ',
  content_instructions: 'Write 1200 words.',
};

describe('client content form', () => {
  it('prefills the website and the instructions from the client, else the default', () => {
    expect(websitePrefill(client)).toBe('https://acme.example.com');
    expect(websitePrefill(null)).toBe('');
    expect(contentInstructionsPrefill(client)).toBe('Write 1200 words.');
    expect(contentInstructionsPrefill({ id: 'c2', name: 'B', content_instructions: ' ' })).toBe(
      DEFAULT_CONTENT_INSTRUCTIONS,
    );
  });

  it('asks for the website URL, then the topic, with the spec messages', () => {
    expect(validateClientContent(initialClientContentForm, '')?.description).toBe(
      "Please enter the client's website URL.",
    );
    expect(validateClientContent(initialClientContentForm, 'acme')?.description).toBe(
      'Please enter a valid URL',
    );
    expect(validateClientContent(initialClientContentForm, 'https://acme.com')?.description).toBe(
      'Please enter a topic for the content.',
    );
    // The website's problem is keyed on its edit, so editing the URL clears it.
    expect(validateClientContent(initialClientContentForm, '')?.field).toBe('websiteEdit');
    expect(validateClientContent(initialClientContentForm, 'https://acme.com')?.field).toBe('topic');
    expect(validateClientContent({ ...initialClientContentForm, topic: 'x' }, 'https://acme.com')).toBeNull();
  });

  it('builds a body the schema accepts and never saves from the job', () => {
    const body = clientContentRequest(
      { ...initialClientContentForm, topic: 'Water heaters', clientId: 'c1' },
      ' https://acme.com ',
      {
        timeZone: 'UTC',
        instructions: 'Edited',
      },
    );
    expect(clientContentRequestSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      clientUrl: 'https://acme.com',
      instructions: 'Edited',
      saveToClient: false,
      clientId: 'c1',
    });
  });

  it('reads content and title, names downloads after the topic and keeps the 001 §3 metadata', () => {
    const output = readClientContentOutput({
      content: '<h2>Water heaters</h2><p>Contact us</p>',
      title: 'Water Heater Guide',
    });
    expect(output).toMatchObject({ wordCount: 4, extras: { title: 'Water Heater Guide' } });
    if (!output) throw new Error('no output');
    const body = clientContentRequest(
      { ...initialClientContentForm, topic: 'Water heaters' },
      'https://acme.com',
      {
        timeZone: 'UTC',
      },
    );
    expect(clientContentDownload(output, body, 'html', new Date(2026, 10, 21, 9, 30)).name).toBe(
      'water-heaters-client-content-2026-11-21-0930.html',
    );
    expect(Object.keys(clientContentMetadata(body, new Date())).sort()).toEqual([
      'clientUrl',
      'generatedAt',
      'model',
      'topic',
    ]);
  });
});
