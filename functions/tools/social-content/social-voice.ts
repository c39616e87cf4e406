import type { SocialTone } from '#shared/tools/social-content';

/**
 * What each social tone sounds like offline: a short lead-in that names nothing (so it never mangles
 * the subject it precedes) and the calls to action. Every call to action is listed here, so tests can
 * tell when one was written. The post's substance comes from the brief, never from the voice.
 */

export interface ToneVoice {
  readonly leadIn: string | null;
  readonly callsToAction: readonly string[];
}

export const SOCIAL_VOICES: Readonly<Record<SocialTone, ToneVoice>> = {
  professional: {
    leadIn: null,
    callsToAction: ['Contact us today to learn more.', 'Learn more on our website.', 'Contact us.'],
  },
  casual: {
    leadIn: 'Quick heads-up!',
    callsToAction: ['Drop us a message and say hi!', 'Swing by and check it out!', 'Come see us!'],
  },
  friendly: {
    leadIn: 'Hi neighbors!',
    callsToAction: [
      "Stop by or send us a message, we'd love to hear from you!",
      'Give us a call today!',
      'Say hello!',
    ],
  },
  urgent: {
    leadIn: "Don't miss this!",
    callsToAction: ['Call now to reserve your spot!', 'Book today before it is gone!', 'Act now!'],
  },
  inspirational: {
    leadIn: null,
    callsToAction: [
      'Join us and take the first step today.',
      'Start your journey with us today.',
      'Join us!',
    ],
  },
};
