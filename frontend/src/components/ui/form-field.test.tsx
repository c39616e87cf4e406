import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckGroup } from '../tool/check-group';
import { ClientSelect } from '../tool/client-select';
import { FormField } from './form-field';
import { Input } from './input';
import { Textarea } from './textarea';

/** A field's problem is shown under it and tied to its control; required fields are marked. */

const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);
const attributesOf = (markup: string, id: string) =>
  markup.match(new RegExp(`<[a-z]+[^>]*id="${id}"[^>]*>`))?.[0] ?? '';

describe('FormField', () => {
  it('ties the error, then the hint, to the control, and marks it invalid and required', () => {
    const markup = html(
      <FormField label="Topic" htmlFor="topic" hint="What the issue is about" required error="Enter a topic.">
        <Input id="topic" />
      </FormField>,
    );
    const input = attributesOf(markup, 'topic');
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="topic-error topic-hint"');
    expect(input).toContain('aria-required="true"');
    expect(attributesOf(markup, 'topic-error')).toBeTruthy();
    expect(markup).toContain('>Enter a topic.</p>');
    // The '*' is beside the label, not in it: the label's text stays the spec's.
    expect(markup).toMatch(
      /<label[^>]*for="topic"[^>]*>Topic<\/label><span aria-hidden="true"[^>]*>\*<\/span>/,
    );
  });

  it('says nothing about validity before a problem, and leaves optional fields unmarked', () => {
    const markup = html(
      <FormField label="Additional Instructions" htmlFor="prompt">
        <Textarea id="prompt" />
      </FormField>,
    );
    const textarea = attributesOf(markup, 'prompt');
    expect(textarea).not.toContain('aria-invalid=');
    expect(textarea).not.toContain('aria-describedby=');
    expect(textarea).not.toContain('aria-required=');
    expect(markup).not.toContain('required-mark');
  });

  it('does not mark a label the spec already ends with a star twice', () => {
    const markup = html(
      <FormField label="Newsletter Topic *" htmlFor="newsletter-topic" required>
        <Input id="newsletter-topic" />
      </FormField>,
    );
    expect(attributesOf(markup, 'newsletter-topic')).toContain('aria-required="true"');
    expect(markup).not.toContain('required-mark');
  });

  it('puts its action after the control, so Tab reaches the control first', () => {
    const markup = html(
      <FormField label="Password" htmlFor="password" action={<button type="button">Forgot password?</button>}>
        <Input id="password" type="password" />
      </FormField>,
    );
    const control = markup.indexOf('id="password"');
    expect(control).toBeGreaterThan(-1);
    expect(markup.indexOf('Forgot password?')).toBeGreaterThan(control);
  });

  it("puts a select's problem on its trigger (the client to save to)", () => {
    const markup = html(
      <ClientSelect
        clients={[]}
        value={null}
        onChange={() => undefined}
        required
        error="Please choose a client to save this newsletter to."
      />,
    );
    const trigger = attributesOf(markup, 'client');
    expect(trigger).toContain('role="combobox"');
    expect(trigger).toContain('aria-invalid="true"');
    expect(trigger).toContain('aria-describedby="client-error"');
    expect(trigger).toContain('aria-required="true"');
  });
});

describe('CheckGroup', () => {
  it('ties its problem to the group and says in the legend that it is required', () => {
    const markup = html(
      <CheckGroup
        id="multi-types"
        legend="Content Types"
        required
        error="Please select at least one content type"
      >
        <input type="checkbox" id="type-social" />
      </CheckGroup>,
    );
    expect(attributesOf(markup, 'multi-types')).toContain('aria-describedby="multi-types-error"');
    expect(markup).toContain('Please select at least one content type');
    expect(markup).toContain('<span class="sr-only"> (required)</span>');
  });
});
