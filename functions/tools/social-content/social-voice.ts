import type { SocialTone } from '#shared/tools/social-content';

/**
 * What each social tone sounds like offline: openers, body sentences, calls to action and the words
 * that close a post. `{topic}` is the subject, `{company}` the business (or "our team"), `{customers}`
 * the people it serves. Every call to action is listed here, so tests can tell when one was written.
 */

export interface ToneVoice {
  readonly openers: readonly string[];
  readonly body: readonly string[];
  readonly callsToAction: readonly string[];
  /** Short whole sentences that close the last few characters of a post. */
  readonly closers: readonly string[];
}

export const SOCIAL_VOICES: Readonly<Record<SocialTone, ToneVoice>> = {
  professional: {
    openers: ['{company} is pleased to share an update on {topic}.', 'An update from {company} on {topic}.'],
    body: [
      'Our team has prepared everything so the experience is clear and simple from start to finish.',
      'We focus on quality, careful planning and work that holds up over time.',
      'Clients tell us that clear information up front makes every decision easier.',
      'Each detail has been reviewed by our team before we share it with you.',
      'We remain committed to reliable service and honest advice.',
      'Planning ahead saves time and avoids surprises later.',
      'Our specialists are available to answer questions about the details.',
      'We appreciate the trust our community places in us.',
    ],
    callsToAction: ['Contact us today to learn more.', 'Learn more on our website.', 'Contact us.'],
    closers: [
      'Thank you for your continued trust.',
      'We look forward to serving you.',
      'Thank you for reading.',
      'Questions are always welcome.',
      'Stay informed.',
      'Thank you.',
      'Thanks.',
    ],
  },
  casual: {
    openers: ['Quick heads-up: {topic} is here!', "So, {topic} - here's the scoop."],
    body: [
      "We've been looking forward to this one for a while.",
      "It's easy, it's simple and honestly it's pretty great.",
      'Grab a coffee and take a look when you get a minute.',
      "No pressure, just good stuff we think you'll like.",
      'Tell a friend who might want to know about it too.',
      "We'll keep it short and sweet, promise.",
      'Swing by and say hi when you can.',
      "That's it, that's the news!",
    ],
    callsToAction: ['Drop us a message and say hi!', 'Swing by and check it out!', 'Come see us!'],
    closers: [
      'Catch you around the neighborhood.',
      'Talk soon, friends.',
      'See you there!',
      'Good times ahead.',
      'Cheers!',
      'Enjoy!',
      'Yay!',
    ],
  },
  friendly: {
    openers: [
      "Hi neighbors! We're excited to tell you about {topic}.",
      'Hello friends! Here is some happy news about {topic}.',
    ],
    body: [
      'We love being part of this community and serving our neighbors.',
      'Our friendly team is always happy to help with any question.',
      "It's the little things that make a big difference, and we care about every one of them.",
      'Thank you for all the kind words and support you share with us.',
      "We can't wait to see familiar faces and meet new ones too.",
      'Bring the family along, everyone is welcome.',
      'Your smiles are the best part of our day.',
      'We are here for you whenever you need us.',
    ],
    callsToAction: [
      "Stop by or send us a message, we'd love to hear from you!",
      'Give us a call today!',
      'Say hello!',
    ],
    closers: [
      "We can't wait to see you soon.",
      'Have a wonderful week, friends!',
      'See you soon!',
      'Take care!',
      'Thank you!',
      'Hugs!',
      'Enjoy!',
    ],
  },
  urgent: {
    openers: ["Don't wait: {topic} won't last long!", 'Act now on {topic} - time is running out!'],
    body: [
      'Spots are filling up fast, so now is the time to act.',
      'Waiting only makes it harder to get the date you want.',
      'This is a limited window and it closes soon.',
      'Secure your place today before it is gone.',
      'Last time, many neighbors missed out by waiting too long.',
      'Every day you wait is a day of lost benefit.',
      'Move quickly and you will be glad you did.',
      'Availability is limited this week.',
    ],
    callsToAction: ['Call now to reserve your spot!', 'Book today before it is gone!', 'Act now!'],
    closers: [
      'Spots are limited, so move fast.',
      'Do not wait until it is too late.',
      'Time is running out.',
      'Hurry!',
      'Act fast.',
      'Go now!',
      'Now!',
    ],
  },
  inspirational: {
    openers: [
      'Every great journey starts with one step, and {topic} is ours.',
      'Big things begin with {topic}.',
    ],
    body: [
      'When we show up for each other, remarkable things happen.',
      'Growth comes from small choices made every single day.',
      'We believe in the power of doing good work with a full heart.',
      'Your goals are closer than they seem, one step at a time.',
      'Together, we can build something that lasts.',
      'Dream big, start small and keep going.',
      'The best is yet to come for all of us.',
      'Keep believing in what is possible.',
    ],
    callsToAction: [
      'Join us and take the first step today.',
      'Start your journey with us today.',
      'Join us!',
    ],
    closers: [
      'Keep going, the best is yet to come.',
      'Believe in what is possible.',
      'Dream big, start today.',
      'Keep shining.',
      'Onward!',
      'Rise.',
      'Grow.',
    ],
  },
};
