import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { newConfig } from './image-form';
import { ConfigCard } from './image-generation-page';

/** The AI Image Generator's settings per image: each a group named by its legend. */

const card = (index: number) =>
  renderToStaticMarkup(
    <ConfigCard
      config={newConfig(`config-${index}`, { prompt: 'A red barn' })}
      index={index}
      canRemove
      disabled={false}
      promptError={null}
      onChange={() => undefined}
      onRemove={() => undefined}
    />,
  );

describe('ConfigCard', () => {
  it("is a group named 'Image N' by a legend that is the fieldset's own child", () => {
    const { document } = parseHTML(`<!doctype html><html><body>${card(1)}</body></html>`);
    const fieldset = document.querySelector('fieldset');
    if (!fieldset) throw new Error('No fieldset');
    // HTML-AAM: a fieldset takes its name from its first legend child; one inside a div names nothing.
    const legend = Array.from(fieldset.children).find((child) => child.tagName === 'LEGEND');
    expect(legend?.textContent).toBe('Image 2');
    // The Remove button is in the group, not in its name.
    expect(legend?.querySelector('button')).toBeNull();
    expect(fieldset.querySelector('button')?.textContent).toBe('Remove');
  });
});
