import type { ExtractedSource, OfflineDraft, ToolContext } from '#functions/generation/tool-definition';
import { composeBlogRewrite } from '#functions/tools/blog-rewrite/offline-composer';
import { composeClientContent } from '#functions/tools/client-content/offline-composer';
import { composeFaq } from '#functions/tools/faq/offline-composer';
import { composeGbpPost } from '#functions/tools/gbp-post/offline-composer';
import { composeNewsletter } from '#functions/tools/newsletter/offline-composer';
import { composePressRelease } from '#functions/tools/press-release/offline-composer';
import { composeSocialContent } from '#functions/tools/social-content/offline-composer';
import { ARTICLE, makeClient, makeContext } from '#functions/tools/test-fixtures';
import type { Client } from '#shared/client';
import { htmlToText } from '#shared/text';
import { blogRewriteRequestSchema } from '#shared/tools/blog-rewrite';
import { clientContentRequestSchema } from '#shared/tools/client-content';
import { faqRequestSchema } from '#shared/tools/faq';
import { gbpPostRequestSchema } from '#shared/tools/gbp-post';
import { newsletterRequestSchema } from '#shared/tools/newsletter';
import { pressReleaseRequestSchema } from '#shared/tools/press-release';
import { socialContentRequestSchema } from '#shared/tools/social-content';

/**
 * docs/decisions.md, "Offline drafts: correct before they are long": a fixed set of offline drafts, topics ×
 * clients × tools, as a new user would generate them, with client instructions that carry rules (forbidden
 * words, required mentions, sign-offs, limits, tones). The unit suite checks every draft against its rules
 * and the grammar checker; the bench prints the grammar checker's lints per tool.
 */

export type CorpusTool =
  | 'newsletter'
  | 'press-release'
  | 'faq'
  | 'howto'
  | 'client-content'
  | 'social'
  | 'gbp'
  | 'blog-rewrite';

export interface CorpusCase {
  readonly id: string;
  readonly tool: CorpusTool;
  /** The trade the client is in; 'general' for one the composer cannot tell. */
  readonly trade: string;
  readonly client: Client;
  /** Topic, or the social/GBP brief. */
  readonly topic: string;
  /** Additional instructions typed in the tool. */
  readonly prompt?: string;
  readonly customQuestions?: string;
  readonly framework?: 'original' | 'storybrand' | 'aida' | 'pas';
  readonly source?: ExtractedSource;
}

export interface ComposedCase {
  readonly case: CorpusCase;
  /** The draft as a reader sees it: plain text, headings and hashtags included. */
  readonly text: string;
  /** The instructions the tool reads, in the order it reads them. */
  readonly instructions: readonly string[];
  readonly notes: readonly string[];
}

/** A client in a trade, with the instructions given: the shape every offline-draft table uses. */
export function tradeClient(
  trade: string,
  company: string,
  city: string,
  state: string,
  domain: string,
  instructions: Partial<
    Pick<Client, 'newsletter_instructions' | 'content_instructions' | 'press_release_instructions'>
  > = {},
): Client {
  return makeClient({
    id: `client-${trade}-${domain}`,
    name: company,
    company_name: company,
    owner: 'Jordan Avery',
    email: `hello@${domain}`,
    phone: '(555) 555-0142',
    website: `https://${domain}`,
    facebook: null,
    address: '400 Main St',
    city,
    state,
    postal_code: '10001',
    newsletter_instructions: null,
    content_instructions: null,
    press_release_instructions: null,
    ...instructions,
  });
}

export const CORPUS_CLIENTS = {
  plumbing: tradeClient('plumbing', 'Lopez Plumbing & Heating', 'Austin', 'TX', 'lopezplumbing.example', {
    newsletter_instructions: 'Always mention our 24/7 emergency service.',
    content_instructions: 'Never use the word cheap. Always mention our 24/7 emergency service.',
  }),
  hvac: tradeClient('hvac', 'Summit Heating & Air', 'Boise', 'ID', 'summitair.example', {
    newsletter_instructions: 'Avoid the word "affordable". Sign off as "The Summit Team".',
    content_instructions: 'Avoid the word "affordable".',
  }),
  roofing: tradeClient('roofing', 'Peak Roofing Co.', 'Denver', 'CO', 'peakroofing.example', {
    newsletter_instructions: 'Mention our free roof inspections.',
    content_instructions: "Don't use the phrase 'best in town'. Mention our free roof inspections.",
  }),
  electrical: tradeClient('electrical', 'Bright Line Electric', 'Tampa', 'FL', 'brightline.example'),
  landscaping: tradeClient('landscaping', 'Green Acre Landscaping', 'Raleigh', 'NC', 'greenacre.example', {
    newsletter_instructions: 'Keep sentences under 30 words.',
  }),
  dental: tradeClient('dental', 'Harbor Dental', 'Portland', 'ME', 'harbordental.example', {
    newsletter_instructions: 'Always mention the free consultation with a 3D scan.',
    content_instructions: 'Never use the word cheap. Always mention our evening hours.',
  }),
  auto: tradeClient('auto', 'Northside Auto Care', 'Columbus', 'OH', 'northsideauto.example', {
    newsletter_instructions: 'Never use the word "guarantee".',
    content_instructions: 'Never use the word "guarantee".',
  }),
  legal: tradeClient('legal', 'Carter Law Group', 'Richmond', 'VA', 'carterlaw.example', {
    newsletter_instructions: 'Avoid the word "cheap". Keep the tone professional.',
    press_release_instructions: 'Write 300-500 words. Never use the word "cheap".',
  }),
  veterinary: tradeClient('veterinary', 'Maple Veterinary Clinic', 'Madison', 'WI', 'maplevet.example', {
    newsletter_instructions: 'Always mention our weekend hours.',
    content_instructions: 'Always mention our weekend hours.',
  }),
  salon: tradeClient('salon', 'Luxe Hair Studio', 'Scottsdale', 'AZ', 'luxehair.example', {
    newsletter_instructions: 'Write in a warm, friendly tone.',
  }),
  rv: tradeClient('general', 'Sunny Trails RV Service', 'Tucson', 'AZ', 'sunnytrails.example', {
    newsletter_instructions: 'Never use the word cheap.',
    content_instructions: 'Never use the word cheap. Always mention our mobile service.',
  }),
  bakery: tradeClient('general', 'Rise & Shine Bakery', 'Burlington', 'VT', 'riseandshine.example', {
    newsletter_instructions: 'Always mention that everything is baked fresh every morning.',
    content_instructions: 'Always mention that everything is baked fresh every morning.',
  }),
} as const satisfies Record<string, Client>;

type ClientKey = keyof typeof CORPUS_CLIENTS;

export const TOOTH_PAGE: ExtractedSource = {
  url: 'https://harbordental.example/tooth-replacement',
  title: 'Replacing a Missing Tooth',
  siteName: 'Harbor Dental',
  text: `Replacing a Missing Tooth

A missing tooth affects how you chew, speak and smile. There are two common ways to replace it.

Dental Implants

An implant is a titanium post placed in the jawbone that acts as a new root. It takes three to six months to heal before the crown is attached. Implants protect the jawbone and can last a lifetime with good care.

Dental Bridges

A bridge uses the neighboring teeth to hold a false tooth in place. The treatment is faster, usually two visits over two to three weeks, and often costs less up front. The neighboring teeth must be filed down to support the crowns.

Which Is Right for You?

Our dentist will examine your teeth and jawbone and explain both options at your consultation. Call (555) 555-0142 to book.`,
};

export const FURNACE_PAGE: ExtractedSource = {
  url: 'https://summitair.example/blog/fall-tune-up',
  title: 'Why Your Furnace Needs a Fall Tune-Up',
  siteName: 'Summit Heating & Air',
  text: `Why Your Furnace Needs a Fall Tune-Up

Hello neighbors, and thanks for reading our blog!

What a Tune-Up Covers

A fall tune-up starts with a full inspection of the burners, the heat exchanger and the blower motor. Our technician cleans the flame sensor, tightens electrical connections and tests the safety controls. A dirty flame sensor is the most common reason a furnace shuts off a few seconds after it lights.

The visit also includes a carbon monoxide check at every register. Cracked heat exchangers can leak carbon monoxide into living spaces, and a tune-up is often the only time anyone looks for one.

Why It Pays Off

The Department of Energy estimates that regular maintenance can cut heating costs by 5 to 15 percent. A clean, well-adjusted furnace reaches the set temperature faster and runs shorter cycles. Shorter cycles mean less wear on the blower motor and the igniter, the two parts that fail most often.

Most manufacturers also require yearly maintenance to keep the warranty valid. If a part fails on a furnace with no service record, the repair may not be covered.

When to Book

The best time to schedule is September or early October, before the first cold snap. Once temperatures drop below freezing, emergency calls fill the schedule and wait times can stretch to a week.

Thanks again for stopping by, and stay warm!`,
};

const row = (
  tool: CorpusTool,
  clientKey: ClientKey,
  topic: string,
  extra: Partial<Omit<CorpusCase, 'id' | 'tool' | 'client' | 'topic' | 'trade'>> = {},
): Omit<CorpusCase, 'id'> => {
  const found: Client = CORPUS_CLIENTS[clientKey];
  const trade = found.id.split('-')[1] ?? 'general';
  return { tool, trade, client: found, topic, ...extra };
};

const ROWS: readonly Omit<CorpusCase, 'id'>[] = [
  // Newsletters
  row('newsletter', 'rv', 'Cheap ways to keep your RV warm on cold nights'),
  row('newsletter', 'roofing', 'Hail'),
  row('newsletter', 'plumbing', 'Signs your water heater needs replacing', {
    prompt: 'Keep it under 400 words.',
  }),
  row('newsletter', 'hvac', 'Spring AC tune-ups'),
  row('newsletter', 'dental', 'Why flossing matters'),
  row('newsletter', 'landscaping', '5 ways to keep your lawn green this summer'),
  row('newsletter', 'auto', 'Brake inspection before winter road trips'),
  row('newsletter', 'legal', 'Estate planning basics for young families'),
  row('newsletter', 'veterinary', 'Holiday pet safety tips'),
  row('newsletter', 'salon', 'Summer hair care'),
  row('newsletter', 'bakery', 'Our new sourdough loaves'),
  row('newsletter', 'electrical', 'EV charger installation', {
    prompt: 'Sign off as "The Bright Line Crew".',
  }),
  // Press releases
  row('press-release', 'roofing', 'Peak Roofing wins Denver business award'),
  row('press-release', 'plumbing', 'Lopez Plumbing opens second location in Round Rock'),
  row('press-release', 'dental', 'Harbor Dental welcomes a new hygienist'),
  row('press-release', 'legal', 'Carter Law Group expands to Charlottesville'),
  row('press-release', 'veterinary', 'Maple Veterinary Clinic adds weekend hours'),
  row('press-release', 'hvac', '20% off furnace tune-ups through October 31'),
  row('press-release', 'bakery', 'Rise & Shine Bakery celebrates ten years in Burlington'),
  row('press-release', 'rv', 'Sunny Trails RV Service launches mobile repairs', {
    prompt: 'Never use the word cheap. Mention that mobile repairs start May 1.',
  }),
  row('press-release', 'electrical', 'Bright Line Electric wins Tampa Bay safety award'),
  // FAQs
  row('faq', 'dental', 'Dental implants', {
    customQuestions: 'Does getting an implant hurt?\nDo you take walk-ins on Saturday?',
  }),
  row('faq', 'plumbing', 'Water heater repair'),
  row('faq', 'hvac', 'Is a heat pump worth it?'),
  row('faq', 'roofing', 'Roof replacement cost', { customQuestions: 'How long does a new roof last?' }),
  row('faq', 'legal', 'What to do after a car accident'),
  row('faq', 'veterinary', 'Puppy vaccines'),
  row('faq', 'salon', 'Balayage maintenance', {
    prompt: 'Walk-ins are welcome on Saturdays from 9 to 1.',
    customQuestions: 'Do you take walk-ins on Saturday?',
  }),
  row('faq', 'rv', 'RV roof sealing'),
  row('faq', 'bakery', 'Custom birthday cakes', { customQuestions: 'How far ahead should I order?' }),
  // How-to guides
  row('howto', 'plumbing', 'How to winterize outdoor faucets'),
  row('howto', 'hvac', 'How to change a furnace filter'),
  row('howto', 'roofing', 'How to spot hail damage on shingles'),
  row('howto', 'electrical', 'How to reset a tripped breaker'),
  row('howto', 'dental', 'Flossing with braces'),
  row('howto', 'veterinary', "How to trim your dog's nails"),
  row('howto', 'rv', 'Checking your RV roof'),
  row('howto', 'landscaping', 'How to mulch flower beds'),
  // Client content (SEO posts)
  row('client-content', 'rv', 'Checking your RV roof'),
  row('client-content', 'dental', 'Invisalign for adults'),
  row('client-content', 'plumbing', 'Tankless water heater installation', {
    prompt: 'Book at https://lopezplumbing.example/book.',
  }),
  row('client-content', 'hvac', 'Why your furnace filter matters'),
  row('client-content', 'roofing', 'How to file a hail damage insurance claim'),
  row('client-content', 'auto', 'Check engine light meanings'),
  row('client-content', 'legal', 'Do I need a will?'),
  row('client-content', 'bakery', 'Gluten-free baking at home'),
  row('client-content', 'salon', 'Choosing a haircut for your face shape', {
    prompt: 'Write 300–500 words.',
  }),
  // Social posts
  row('social', 'dental', 'Why flossing matters'),
  row('social', 'rv', 'Cheap winter storage for your RV'),
  row('social', 'bakery', 'Spring open house at the bakery on May 3. Free samples for every visitor'),
  row('social', 'plumbing', 'Our new tankless water heater service'),
  row('social', 'hvac', 'Fall furnace tune-ups are booking now'),
  row('social', 'roofing', 'Free roof inspections after the hail storm'),
  row('social', 'salon', 'New balayage specialist joins the team'),
  row('social', 'veterinary', 'Holiday hours and pet safety tips'),
  row('social', 'auto', 'Winter tire changeover'),
  row('social', 'legal', 'Estate planning workshop on June 12'),
  // Google Business Profile posts
  row('gbp', 'dental', 'Spring special: 10% off teeth whitening through May 31'),
  row('gbp', 'plumbing', 'We now install tankless water heaters'),
  row('gbp', 'bakery', 'Thank you for voting us best bakery in Burlington'),
  row('gbp', 'rv', 'Mobile RV roof repairs now available in Tucson'),
  row('gbp', 'roofing', 'Free storm-damage inspections on Saturday, June 6'),
  row('gbp', 'auto', 'Brake check special: $29 through April 30'),
  // Blog rewrites of a page
  row('blog-rewrite', 'dental', TOOTH_PAGE.title, { framework: 'original', source: TOOTH_PAGE }),
  row('blog-rewrite', 'dental', TOOTH_PAGE.title, { framework: 'storybrand', source: TOOTH_PAGE }),
  row('blog-rewrite', 'dental', TOOTH_PAGE.title, { framework: 'aida', source: TOOTH_PAGE }),
  row('blog-rewrite', 'dental', TOOTH_PAGE.title, { framework: 'pas', source: TOOTH_PAGE }),
  row('blog-rewrite', 'hvac', FURNACE_PAGE.title, { framework: 'storybrand', source: FURNACE_PAGE }),
  row('blog-rewrite', 'hvac', FURNACE_PAGE.title, { framework: 'pas', source: FURNACE_PAGE }),
  row('blog-rewrite', 'plumbing', ARTICLE.title, { framework: 'aida', source: ARTICLE }),
  row('blog-rewrite', 'plumbing', ARTICLE.title, { framework: 'pas', source: ARTICLE }),
  // Drafts from a page: a newsletter and a release written from the client's site.
  row('newsletter', 'dental', TOOTH_PAGE.title, { source: TOOTH_PAGE }),
  row('press-release', 'hvac', FURNACE_PAGE.title, { source: FURNACE_PAGE }),
  row('client-content', 'plumbing', 'Tankless water heaters', { source: ARTICLE }),
];

export const CORPUS: readonly CorpusCase[] = ROWS.map((entry, index) => ({
  ...entry,
  id: `${String(index + 1).padStart(2, '0')}-${entry.tool}-${entry.trade}`,
}));

const RELEASE_DATE = '2027-04-02';

const textOf = (html: string): string => htmlToText(html);

/** The draft of one case, as the offline provider would stream it, and the instructions it obeys. */
export function composeCase(entry: CorpusCase): ComposedCase {
  const context: ToolContext = makeContext({ client: entry.client, source: entry.source ?? null });
  const prompt = entry.prompt ?? '';
  const c = entry.client;
  const finish = (draft: OfflineDraft, text: string, instructions: readonly (string | null)[]) => ({
    case: entry,
    text,
    instructions: instructions.filter((part): part is string => part !== null && part !== ''),
    notes: draft.notes,
  });
  switch (entry.tool) {
    case 'newsletter': {
      const input = newsletterRequestSchema.parse(
        entry.source
          ? { inputType: 'url', url: entry.source.url, prompt }
          : { inputType: 'topic', topic: entry.topic, prompt },
      );
      const draft = composeNewsletter(input, context);
      return finish(draft, textOf(draft.text), [prompt, c.newsletter_instructions]);
    }
    case 'press-release': {
      const input = pressReleaseRequestSchema.parse({
        ...(entry.source
          ? { inputType: 'url', url: entry.source.url }
          : { inputType: 'topic', topic: entry.topic }),
        prompt,
        useClientCompanyInfo: true,
        releaseDate: RELEASE_DATE,
      });
      const draft = composePressRelease(input, context);
      return finish(draft, textOf(draft.text), [prompt, c.press_release_instructions]);
    }
    case 'faq':
    case 'howto': {
      const input = faqRequestSchema.parse({
        topic: entry.topic,
        prompt,
        contentType: entry.tool,
        customQuestions: entry.customQuestions ?? '',
      });
      const draft = composeFaq(input, context);
      const { html } = JSON.parse(draft.text) as { html: string };
      return finish(draft, textOf(html), [c.newsletter_instructions, prompt]);
    }
    case 'client-content': {
      const input = clientContentRequestSchema.parse({
        topic: entry.topic,
        prompt,
        clientUrl: c.website ?? 'https://example.com',
      });
      const draft = composeClientContent(input, context);
      return finish(draft, textOf(draft.text), [prompt, c.content_instructions]);
    }
    case 'social': {
      const input = socialContentRequestSchema.parse({
        prompt: entry.topic,
        platforms: ['facebook', 'instagram', 'linkedin', 'twitter'],
        customTargets: { twitter: 50 },
      });
      const draft = composeSocialContent(input, context);
      const posts = JSON.parse(draft.text) as Record<string, string>;
      return finish(draft, Object.values(posts).join('\n\n'), [c.content_instructions]);
    }
    case 'gbp': {
      const input = gbpPostRequestSchema.parse({
        prompt: entry.topic,
        postType: /\d+%|\$\d|special/iu.test(entry.topic)
          ? 'offer'
          : /thank/iu.test(entry.topic)
            ? 'community'
            : /saturday|june|may|on \w+ \d/iu.test(entry.topic)
              ? 'event'
              : 'update',
      });
      const draft = composeGbpPost(input, context);
      return finish(draft, draft.text, [c.content_instructions]);
    }
    case 'blog-rewrite': {
      const input = blogRewriteRequestSchema.parse({
        url: entry.source?.url ?? 'https://example.com',
        framework: entry.framework ?? 'original',
      });
      const draft = composeBlogRewrite(input, context);
      const { text } = JSON.parse(draft.text) as { text: string };
      return finish(draft, text, []);
    }
  }
}

/** The tools' plural names, for the bench's table. */
export const CORPUS_TOOLS: readonly CorpusTool[] = [
  'newsletter',
  'press-release',
  'faq',
  'howto',
  'client-content',
  'social',
  'gbp',
  'blog-rewrite',
];

/**
 * What the request gave the composer (topic, prompts, page, instructions, profile): its words are the
 * client's, so the grammar checker takes them as known; a word the composer made up is not.
 */
export function knownWords(draft: ComposedCase): string {
  const entry = draft.case;
  return [
    entry.topic,
    entry.prompt ?? '',
    entry.customQuestions ?? '',
    entry.source?.text ?? '',
    ...draft.instructions,
    ...Object.values(entry.client).filter((value): value is string => typeof value === 'string'),
  ].join(' ');
}
