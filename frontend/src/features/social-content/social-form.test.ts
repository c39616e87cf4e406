import { describe, expect, it } from 'vitest';
import {
  initialSocialForm,
  socialRequest,
  validateSocial,
  withLevel,
  withPlatform,
  withTarget,
} from './social-form';

describe('social form', () => {
  it('moves the target with the slider and the slider with a typed target', () => {
    const level = withLevel(initialSocialForm, 'twitter', 5);
    expect(level.targets.twitter).toBe(270);
    const typed = withTarget(level, 'twitter', 900);
    expect(typed.targets.twitter).toBe(280);
    expect(typed.levels.twitter).toBe(5);
    const small = withTarget(typed, 'linkedin', 10);
    expect(small.targets.linkedin).toBe(50);
    expect(small.levels.linkedin).toBe(1);
  });

  it('keeps only dimensions that the selected platforms allow', () => {
    const form = { ...withPlatform(initialSocialForm, 'linkedin', true), imageDimensions: '1200x627' };
    expect(withPlatform(form, 'facebook', false).imageDimensions).toBe('1200x627');
    expect(withPlatform(form, 'linkedin', false).imageDimensions).toBe('');
  });

  it('sends the selected platforms with their levels and targets, and asks for a prompt', () => {
    expect(validateSocial(initialSocialForm)?.description).toBe(
      'Please enter a prompt and select at least one platform',
    );
    // Shown at the prompt first, then at the platforms when only they are missing.
    expect(validateSocial(initialSocialForm)?.field).toBe('prompt');
    expect(validateSocial({ ...initialSocialForm, prompt: 'x', platforms: [] })?.field).toBe('platforms');
    const request = socialRequest({ ...withLevel(initialSocialForm, 'facebook', 4), prompt: 'Open house' });
    expect(request.platforms).toEqual(['facebook', 'instagram']);
    expect(request.contentLength).toEqual({ facebook: 4, instagram: 3 });
    expect(request.customTargets).toEqual({ facebook: 500, instagram: 350 });
  });
});
