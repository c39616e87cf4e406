import { describe, expect, it } from 'vitest';
import {
  clampTarget,
  isOnTarget,
  LENGTH_LEVELS,
  nearestLevel,
  platformLength,
  presetTarget,
  SOCIAL_PLATFORM_IDS,
  SOCIAL_PLATFORMS,
  xCharacterCount,
} from '#shared/platforms';
import {
  SOCIAL_TONES,
  type SocialContentRequestInput,
  socialContentRequestSchema,
} from '#shared/tools/social-content';
import { fitToMaximum } from './fit-length';
import { composeSocialContent, composeSocialPost } from './offline-composer';
import { parseSocialResult } from './parse-result';
import { SOCIAL_VOICES } from './social-voice';

const request = (overrides: Partial<SocialContentRequestInput> = {}) =>
  socialContentRequestSchema.parse({
    prompt: 'Spring open house at the bakery on May 3. Free samples for every visitor',
    platforms: [...SOCIAL_PLATFORM_IDS],
    tone: 'friendly',
    includeHashtags: true,
    includeCallToAction: true,
    ...overrides,
  });

describe('platform table (001 §9)', () => {
  it('has the four platforms with their maximums, presets and image sizes', () => {
    expect(SOCIAL_PLATFORMS.facebook).toMatchObject({
      maxLength: 63_206,
      lengthPresets: [150, 250, 350, 500, 800],
    });
    expect(SOCIAL_PLATFORMS.instagram).toMatchObject({
      maxLength: 2_200,
      lengthPresets: [100, 200, 350, 500, 2_200],
    });
    expect(SOCIAL_PLATFORMS.linkedin).toMatchObject({
      maxLength: 3_000,
      imageSizes: ['1200x627', '1080x1080'],
    });
    expect(SOCIAL_PLATFORMS.twitter).toMatchObject({
      name: 'X',
      maxLength: 280,
      lengthPresets: [80, 140, 200, 240, 270],
    });
    expect(SOCIAL_PLATFORMS.facebook.optimalHint).toEqual({ min: 200, max: 400 });
  });
});

describe('target input clamp and preset', () => {
  it('clamps to 50..max and rounds', () => {
    expect(clampTarget('twitter', 10)).toBe(50);
    expect(clampTarget('twitter', 999)).toBe(280);
    expect(clampTarget('instagram', 2_500)).toBe(2_200);
    expect(clampTarget('linkedin', 612.6)).toBe(613);
    expect(clampTarget('facebook', Number.NaN)).toBe(50);
  });
  it('moves the slider to the nearest preset', () => {
    expect(nearestLevel('twitter', 50)).toBe(1);
    expect(nearestLevel('twitter', 190)).toBe(3);
    expect(nearestLevel('twitter', 280)).toBe(5);
    expect(nearestLevel('linkedin', 1_000)).toBe(5);
    expect(nearestLevel('linkedin', 600)).toBe(3);
    expect(nearestLevel('instagram', 1_200)).toBe(4);
  });
});

describe("X's character counting", () => {
  it('counts every URL as 23 and wide characters as 2', () => {
    expect(xCharacterCount('hello')).toBe(5);
    expect(xCharacterCount('See https://example.com/a/very/long/path/that/goes/on?and=on')).toBe(4 + 23);
    expect(xCharacterCount('http://x.co')).toBe(23);
    expect(xCharacterCount('日本')).toBe(4);
    expect(xCharacterCount('ok 👍')).toBe(5);
    expect(platformLength('facebook', 'See https://example.com/a/very/long')).toBe(35);
  });
  it('trims an over-long X post with a link to 280 as X counts it', () => {
    const url = `https://example.com/${'x'.repeat(300)}`;
    const post = `${'Word '.repeat(60)}${url} ${'More words here. '.repeat(10)}`;
    const fitted = fitToMaximum('twitter', post);
    expect(xCharacterCount(fitted)).toBeLessThanOrEqual(280);
    expect(fitted.length).toBeGreaterThan(100);
  });
});

describe('offline social posts', () => {
  it.each(SOCIAL_PLATFORM_IDS)(
    'hits every level of %s within 10 characters, never over the maximum',
    (platform) => {
      for (const tone of SOCIAL_TONES) {
        for (const level of LENGTH_LEVELS) {
          for (const flags of [true, false]) {
            const input = request({
              tone,
              includeHashtags: flags,
              includeCallToAction: flags,
              contentLength: { [platform]: level },
            });
            const post = composeSocialPost(platform, input, { client: null });
            const target = presetTarget(platform, level);
            expect(
              Math.abs(platformLength(platform, post) - target),
              `${platform} ${tone} ${level}: ${post}`,
            ).toBeLessThanOrEqual(10);
            expect(isOnTarget(platform, post, target)).toBe(true);
            expect(platformLength(platform, post)).toBeLessThanOrEqual(SOCIAL_PLATFORMS[platform].maxLength);
          }
        }
      }
    },
  );

  it('hits custom targets, including the minimum and each maximum', () => {
    for (const platform of SOCIAL_PLATFORM_IDS) {
      for (const custom of [50, 123, SOCIAL_PLATFORMS[platform].maxLength]) {
        const input = request({ customTargets: { [platform]: custom } });
        const post = composeSocialPost(platform, input, { client: null });
        expect(
          Math.abs(platformLength(platform, post) - custom),
          `${platform} ${custom}`,
        ).toBeLessThanOrEqual(10);
      }
    }
  });

  it('counts a link in the prompt as X does and stays on target', () => {
    const input = request({
      prompt:
        'Our new menu is live. Read it at https://example.com/menus/spring-2026/full-list-of-dishes-and-prices',
      contentLength: { twitter: 2 },
    });
    const post = composeSocialPost('twitter', input, { client: null });
    expect(post).toContain('https://example.com/menus/spring-2026');
    expect(Math.abs(xCharacterCount(post) - 140)).toBeLessThanOrEqual(10);
    expect(post.length).toBeGreaterThan(xCharacterCount(post));
  });

  it('writes hashtags and a call to action only when asked', () => {
    const ctas = Object.values(SOCIAL_VOICES).flatMap((voice) => voice.callsToAction);
    const plain = JSON.parse(
      composeSocialContent(request({ includeHashtags: false, includeCallToAction: false }), { client: null }),
    );
    for (const post of Object.values(plain) as string[]) {
      expect(post).not.toMatch(/#\w/u);
      for (const cta of ctas) expect(post).not.toContain(cta);
    }
    const asked = JSON.parse(
      composeSocialContent(
        request({ contentLength: { facebook: 4, instagram: 4, linkedin: 4, twitter: 4 } }),
        { client: null },
      ),
    );
    for (const post of Object.values(asked) as string[]) {
      expect(post).toMatch(/#\w/u);
      expect(SOCIAL_VOICES.friendly.callsToAction.some((cta) => post.includes(cta))).toBe(true);
    }
  });

  it('follows the tone', () => {
    const urgent = composeSocialPost('facebook', request({ tone: 'urgent' }), { client: null });
    const professional = composeSocialPost('facebook', request({ tone: 'professional' }), { client: null });
    expect(SOCIAL_VOICES.urgent.openers.some((opener) => urgent.startsWith(opener.split('{')[0] ?? ''))).toBe(
      true,
    );
    expect(urgent).not.toEqual(professional);
    expect(SOCIAL_VOICES.urgent.body.some((sentence) => urgent.includes(sentence))).toBe(true);
    expect(SOCIAL_VOICES.professional.body.some((sentence) => urgent.includes(sentence))).toBe(false);
  });

  it('parses the JSON into {content} for the requested platforms, each held to its maximum', () => {
    const input = request({ platforms: ['twitter', 'linkedin'] });
    const raw =
      '```json\n' +
      JSON.stringify({ twitter: 'x '.repeat(400), linkedin: 'Hello there.', facebook: 'not asked' }) +
      '\n```';
    const result = parseSocialResult(raw, input);
    expect(Object.keys(result.content).sort()).toEqual(['linkedin', 'twitter']);
    expect(xCharacterCount(result.content.twitter ?? '')).toBeLessThanOrEqual(280);
    expect(result.targets).toEqual({ twitter: 200, linkedin: 500 });
    expect(() => parseSocialResult('no json here', input)).toThrow('Invalid response format');
  });

  it('asks for a prompt and a platform', () => {
    const outcome = socialContentRequestSchema.safeParse({ prompt: '  ', platforms: [] });
    expect(outcome.success).toBe(false);
    expect(outcome.error?.issues[0]?.message).toBe('Please enter a prompt and select at least one platform');
  });
});
