import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { z } from 'zod';
import {
  type Client,
  DEFAULT_CONTENT_INSTRUCTIONS,
  DEFAULT_PRESS_RELEASE_INSTRUCTIONS,
} from '#shared/client';
import type { ClientInput } from '#shared/client-input';
import { CLIENT_PAGE_MAX, type ClientPage } from '#shared/client-list';
import type { CreateContentInput } from '#shared/content';
import { DEFAULT_TEXT_MODEL_ID, TEXT_MODEL_IDS } from '#shared/models';
import { type RuntimeConfig, runtimeConfigSchema } from '#shared/runtime-config';
import { countWords, htmlToText } from '#shared/text';
import { quietSdkWarnings } from './quiet-sdk-warnings';

/**
 * `npm run seed`: adds a few realistic demo clients with saved content to the RUNNING local app, so a new
 * user sees a living app. It goes through the app's own HTTP API, signed in as the bootstrapped admin,
 * so everything is validated, sanitized, encrypted and counted exactly as real use would be. Local only:
 * it refuses any backend whose /config.json does not say it is the local runtime. Idempotent: a client
 * whose name already exists is skipped.
 */

interface DemoContent {
  title: string;
  content_type: CreateContentInput['content_type'];
  html: string;
  metadata: Record<string, unknown>;
}

interface DemoClient {
  profile: ClientInput;
  content: DemoContent[];
}

const [, SECOND_MODEL] = TEXT_MODEL_IDS;

const newsletterMeta = (topic: string, prompt: string) => ({
  topic,
  url: '',
  inputType: 'topic',
  prompt,
  model: DEFAULT_TEXT_MODEL_ID,
  includeHeader: true,
  includeTitle: true,
});

const pressReleaseMeta = (topic: string, releaseDate: string) => ({
  topic,
  url: '',
  inputType: 'topic',
  prompt: '',
  model: DEFAULT_TEXT_MODEL_ID,
  includeHeader: true,
  includeCompanyInfo: true,
  useClientCompanyInfo: true,
  releaseDate,
});

const blogMeta = (originalUrl: string, framework: string) => ({
  originalUrl,
  framework,
  model: SECOND_MODEL,
  addEmojis: false,
});

function faqMeta(topic: string, html: string): Record<string, unknown> {
  const questions = [...html.matchAll(/<h3>(.*?)<\/h3>\s*<p>(.*?)<\/p>/gu)].map(([, question, answer]) => ({
    '@type': 'Question',
    name: htmlToText(question ?? ''),
    acceptedAnswer: { '@type': 'Answer', text: htmlToText(answer ?? '') },
  }));
  return {
    topic,
    additionalPrompt: '',
    model: DEFAULT_TEXT_MODEL_ID,
    includeHeader: true,
    questionCount: questions.length,
    headingLevel: 'h3',
    customQuestions: '',
    contentType: 'faq',
    schema: JSON.stringify({ '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity: questions }),
  };
}

function faq(title: string, topic: string, html: string): DemoContent {
  return { title, content_type: 'faq', html, metadata: faqMeta(topic, html) };
}

export const DEMO_CLIENTS: readonly DemoClient[] = [
  {
    profile: {
      name: 'Bright Smile Family Dental',
      company_name: 'Bright Smile Family Dental, PLLC',
      owner: 'Dr. Maya Patel, DDS',
      email: 'frontdesk@brightsmilefamilydental.example',
      phone: '(512) 555-0148',
      website: 'https://www.brightsmilefamilydental.example',
      facebook: 'https://www.facebook.com/brightsmilefamilydentalatx',
      linkedin: 'https://www.linkedin.com/company/bright-smile-family-dental',
      gbp: 'https://g.page/brightsmilefamilydental',
      address: '2401 S Lamar Blvd, Suite 110',
      city: 'Austin',
      state: 'TX',
      postal_code: '78704',
      country: 'USA',
      newsletter_instructions:
        'Warm, reassuring tone for busy parents. Always include one seasonal oral-health tip and a reminder that we accept most PPO plans. Sign off as "Dr. Patel and the Bright Smile team".',
      press_release_instructions: DEFAULT_PRESS_RELEASE_INSTRUCTIONS,
      content_instructions: DEFAULT_CONTENT_INSTRUCTIONS,
    },
    content: [
      {
        title: 'Back-to-School Smiles Newsletter',
        content_type: 'newsletter',
        html: '<div style="max-width:600px;margin:0 auto;font-family:Arial, sans-serif;color:#333333"><header style="background-color:#0e7490;color:#ffffff;padding:24px;text-align:center"><h1 style="margin:0;font-size:26px">Bright Smile Monthly</h1><p style="margin:8px 0 0">Back-to-school edition</p></header><section style="padding:20px"><h2 style="color:#0e7490">Book those check-ups before the rush</h2><p>August fills up fast. Children who see the dentist before school starts miss fewer class days for toothaches, and a quick sealant visit protects back teeth for years.</p><h2 style="color:#0e7490">Tip of the month: the lunchbox swap</h2><ul><li>Swap fruit snacks for apple slices or cheese cubes.</li><li>Send water instead of juice boxes.</li><li>Pack a travel toothbrush for kids with braces.</li></ul><p>We accept most PPO plans and offer evening appointments on Tuesdays and Thursdays.</p><p style="text-align:center"><a href="https://www.brightsmilefamilydental.example/contact" style="display:inline-block;background-color:#f97316;color:#ffffff;padding:12px 24px;border-radius:4px;text-decoration:none">Contact us</a></p><p>Dr. Patel and the Bright Smile team</p></section></div>',
        metadata: newsletterMeta(
          'Back-to-school dental check-ups',
          'Mention evening appointments on Tuesdays and Thursdays.',
        ),
      },
      {
        title: 'Bright Smile Opens Second Location in Round Rock',
        content_type: 'press_release',
        html: '<h1>Bright Smile Family Dental Opens Second Location in Round Rock</h1><h2>New office brings same-day crowns and Saturday hours to Williamson County families</h2><p><strong>AUSTIN, Texas — March 3, 2026</strong> — Bright Smile Family Dental today announced the opening of its second office at 1500 Sundance Pkwy in Round Rock, adding eight treatment rooms and Saturday appointments for families north of Austin.</p><p>The new office offers the same-day crown technology introduced at the South Lamar practice in 2024, letting patients leave with a permanent crown in a single visit.</p><blockquote>“Half of our patients already drive in from Round Rock and Pflugerville,” said Dr. Maya Patel, founder of Bright Smile Family Dental. “Now they can get the same care ten minutes from home.”</blockquote><p>The Round Rock office accepts most PPO plans and welcomes new patients of all ages.</p><h3>About Bright Smile Family Dental</h3><p>Founded in 2016, Bright Smile Family Dental provides general, cosmetic and pediatric dentistry to Central Texas families.</p><h3>Media contact</h3><p>Dana Ruiz, Practice Manager, (512) 555-0148, frontdesk@brightsmilefamilydental.example</p><p><em>Photos of the new office are available on request.</em></p>',
        metadata: pressReleaseMeta('Second location opening in Round Rock', '2026-03-03'),
      },
      {
        title: 'What to Expect From Your First Same-Day Crown',
        content_type: 'blog',
        html: '<h2>What to Expect From Your First Same-Day Crown</h2><p>A cracked or heavily filled tooth used to mean two visits and a temporary crown. With in-office milling, most patients now leave with a permanent crown in about two hours.</p><h3>Step 1: A digital scan instead of messy impressions</h3><p>We take a 3D scan of the tooth in a few minutes. No trays, no putty.</p><h3>Step 2: Design while you relax</h3><p>Dr. Patel designs the crown on screen and matches the shade to your natural teeth.</p><h3>Step 3: Milling and fitting</h3><p>The crown is milled from a single ceramic block, polished and bonded the same day.</p><p>Wondering whether a same-day crown is right for you? <a href="https://www.brightsmilefamilydental.example/contact">Contact us</a> to book a consultation.</p>',
        metadata: blogMeta('https://www.brightsmilefamilydental.example/blog/same-day-crowns', 'pas'),
      },
      faq(
        'Children’s Dentistry FAQ',
        'Children’s dentistry',
        '<h2>Children’s Dentistry: Frequently Asked Questions</h2><h3>When should my child first see a dentist?</h3><p>By their first birthday, or within six months of the first tooth appearing.</p><h3>Are dental X-rays safe for children?</h3><p>Yes. Our digital X-rays use a fraction of the radiation of film and are only taken when needed.</p><h3>How can I prevent cavities between visits?</h3><p>Brush twice a day with a rice-grain smear of fluoride toothpaste, floss once teeth touch and limit sugary drinks.</p><h3>Do you see children with special needs?</h3><p>Yes. We schedule longer, quieter appointments and welcome a pre-visit tour.</p>',
      ),
    ],
  },
  {
    profile: {
      name: 'Summit Ridge Roofing',
      company_name: 'Summit Ridge Roofing & Exteriors LLC',
      owner: 'Marcus Bell',
      email: 'estimates@summitridgeroofing.example',
      phone: '(303) 555-0192',
      website: 'https://www.summitridgeroofing.example',
      facebook: 'https://www.facebook.com/summitridgeroofingco',
      linkedin: '',
      gbp: 'https://g.page/summitridgeroofing',
      address: '4870 Ironton St',
      city: 'Denver',
      state: 'CO',
      postal_code: '80239',
      country: 'USA',
      newsletter_instructions:
        'Plain-spoken and practical. Lead with the season’s biggest roof risk (hail, ice dams, wind). Mention free inspections and that we work with every major insurer.',
      press_release_instructions:
        'Keep it under 400 words. Quote Marcus Bell, owner. Always mention our GAF Master Elite certification and the 24/7 emergency tarp line.',
      content_instructions: DEFAULT_CONTENT_INSTRUCTIONS,
      wordpress_url: 'https://www.summitridgeroofing.example',
      wordpress_username: 'content-editor',
      wordpress_app_password: 'abcd EFGH ijkl MNOP qrst UVWX',
    },
    content: [
      {
        title: 'Hail Season Ready: Spring Roof Checklist',
        content_type: 'newsletter',
        html: '<div style="max-width:600px;margin:0 auto;font-family:Georgia, serif;color:#1f2937"><header style="background-color:#1e3a8a;color:#ffffff;padding:24px;text-align:center"><h1 style="margin:0">Summit Ridge Roof Report</h1></header><section style="padding:20px"><h2>Front Range hail season starts in May</h2><p>One ten-minute storm can shorten a roof’s life by years. Before the first big cell rolls off the foothills, walk around your house with this list.</p><ol><li>Look for granules collecting at downspout outlets.</li><li>Check for lifted or creased shingles on the west-facing slope.</li><li>Clear gutters so water drains away from the fascia.</li></ol><p>Not sure what you are looking at? Our inspections are free and we work with every major insurer.</p><p><a href="https://www.summitridgeroofing.example/contact" style="color:#1e3a8a;font-weight:bold">Contact us</a> to schedule yours.</p></section></div>',
        metadata: newsletterMeta('Spring hail preparation', ''),
      },
      {
        title: 'Summit Ridge Roofing Earns GAF Master Elite Status',
        content_type: 'press_release',
        html: '<h1>Summit Ridge Roofing Earns GAF Master Elite Certification</h1><h2>Fewer than 2% of U.S. roofing contractors hold the designation</h2><p><strong>DENVER — April 14, 2026</strong> — Summit Ridge Roofing &amp; Exteriors has been named a GAF Master Elite contractor, a certification held by fewer than two percent of roofing companies nationwide.</p><p>The status allows Summit Ridge to offer GAF’s strongest system warranties, covering materials and workmanship for up to 25 years.</p><blockquote>“Denver homeowners replace roofs after hail more often than almost anyone in the country,” said Marcus Bell, owner of Summit Ridge Roofing. “They deserve a warranty that outlasts the next storm.”</blockquote><p>Summit Ridge also runs a 24/7 emergency tarp line at (303) 555-0192.</p><h3>About Summit Ridge Roofing</h3><p>Summit Ridge Roofing &amp; Exteriors has replaced and repaired roofs across the Denver metro area since 2011.</p><h3>Media contact</h3><p>Marcus Bell, (303) 555-0192, estimates@summitridgeroofing.example</p>',
        metadata: pressReleaseMeta('GAF Master Elite certification', '2026-04-14'),
      },
      {
        title: 'Repair or Replace? How to Decide After a Hailstorm',
        content_type: 'blog',
        html: '<h2>Repair or Replace? How to Decide After a Hailstorm</h2><p>After a storm, the question every homeowner asks is whether a few new shingles will do or whether it is time for a full replacement.</p><h3>When a repair makes sense</h3><ul><li>Damage is limited to one slope.</li><li>The roof is less than ten years old.</li><li>Matching shingles are still available.</li></ul><h3>When replacement is the better value</h3><ul><li>Bruising across several slopes.</li><li>Granule loss exposing the mat.</li><li>Your insurer has approved a full claim.</li></ul><p>An honest inspection is the fastest way to know. <a href="https://www.summitridgeroofing.example/contact">Contact us</a> for a free one.</p>',
        metadata: blogMeta('https://www.summitridgeroofing.example/blog/repair-or-replace', 'aida'),
      },
    ],
  },
  {
    profile: {
      name: 'Maple & Rye Bakery',
      company_name: 'Maple & Rye Bakery Co.',
      owner: 'Elena Novak',
      email: 'hello@mapleandrye.example',
      phone: '(503) 555-0167',
      website: 'https://www.mapleandrye.example',
      facebook: 'https://www.facebook.com/mapleandryebakery',
      linkedin: '',
      gbp: 'https://g.page/mapleandryebakery',
      address: '3325 SE Division St',
      city: 'Portland',
      state: 'OR',
      postal_code: '97202',
      country: 'USA',
      newsletter_instructions: '',
      press_release_instructions: DEFAULT_PRESS_RELEASE_INSTRUCTIONS,
      content_instructions:
        'Cozy, sensory writing. Mention seasonal bakes and that everything is made from scratch with Oregon-milled flour. Calls to action invite readers to pre-order online or visit the shop.',
    },
    content: [
      {
        title: 'Fall Menu Is Here',
        content_type: 'newsletter',
        html: '<div style="max-width:600px;margin:0 auto;font-family:Georgia, serif;color:#3f2d20;background-color:#fffaf3"><header style="padding:24px;text-align:center;border-bottom:2px solid #b45309"><h1 style="margin:0;color:#b45309">The Maple &amp; Rye Crumb</h1><p style="margin:6px 0 0">Autumn, fresh from the oven</p></header><section style="padding:20px"><h2>New on the counter this week</h2><ul><li><strong>Maple pecan sticky buns</strong>, Saturdays only</li><li><strong>Spiced pear galette</strong> with Willamette Valley pears</li><li><strong>Dark rye sourdough</strong> from Oregon-milled flour</li></ul><p>Thanksgiving pie pre-orders open November 1. Last year we sold out in four days.</p><p style="text-align:center"><a href="https://www.mapleandrye.example/order" style="display:inline-block;background-color:#b45309;color:#ffffff;padding:10px 20px;border-radius:20px;text-decoration:none">Pre-order online</a></p></section></div>',
        metadata: newsletterMeta('Fall seasonal menu launch', ''),
      },
      {
        title: 'Maple & Rye Wins Best Bakery in Southeast Portland',
        content_type: 'press_release',
        html: '<h1>Maple &amp; Rye Bakery Named Best Bakery in Southeast Portland</h1><h2>Readers’ poll recognizes the Division Street bakery for its sourdough and seasonal pastries</h2><p><strong>PORTLAND, Ore. — October 6, 2026</strong> — Maple &amp; Rye Bakery has been voted Best Bakery in Southeast Portland in the annual Division Street Neighbors readers’ poll.</p><blockquote>“Every loaf starts with flour milled two hours from here,” said owner Elena Novak. “This award belongs to our farmers and our 4 a.m. baking crew.”</blockquote><p>To celebrate, the bakery will hand out free sourdough starter kits on Saturday, October 11, while supplies last.</p><h3>About Maple &amp; Rye Bakery</h3><p>Maple &amp; Rye has baked everything from scratch on SE Division Street since 2019.</p><h3>Media contact</h3><p>Elena Novak, (503) 555-0167, hello@mapleandrye.example</p>',
        metadata: pressReleaseMeta('Best Bakery award', '2026-10-06'),
      },
      faq(
        'Custom Cake Ordering FAQ',
        'Custom cake orders',
        '<h2>Custom Cakes: Frequently Asked Questions</h2><h3>How far ahead should I order a custom cake?</h3><p>At least one week for birthday cakes and six weeks for wedding cakes.</p><h3>Do you offer gluten-free options?</h3><p>Yes. Our almond-flour cakes are baked on dedicated pans, though our kitchen is not certified gluten-free.</p><h3>Can I schedule a tasting?</h3><p>Wedding tastings run Tuesday through Thursday afternoons and cost $35, credited to your order.</p><h3>Do you deliver?</h3><p>We deliver within ten miles of the shop for a flat $20.</p>',
      ),
    ],
  },
  {
    profile: {
      name: 'Harbor Point Law Group',
      company_name: 'Harbor Point Law Group, LLC',
      owner: 'Jonathan Reyes, Esq.',
      email: 'intake@harborpointlaw.example',
      phone: '(843) 555-0121',
      website: 'https://www.harborpointlaw.example',
      facebook: '',
      linkedin: 'https://www.linkedin.com/company/harbor-point-law-group',
      gbp: 'https://g.page/harborpointlaw',
      address: '145 King St, Suite 300',
      city: 'Charleston',
      state: 'SC',
      postal_code: '29401',
      country: 'USA',
      newsletter_instructions:
        'Professional and clear, no legalese. Never promise outcomes. End every issue with the disclaimer that the newsletter is not legal advice.',
      press_release_instructions: DEFAULT_PRESS_RELEASE_INSTRUCTIONS,
      content_instructions: DEFAULT_CONTENT_INSTRUCTIONS,
    },
    content: [
      {
        title: 'Estate Planning Checklist for New Parents',
        content_type: 'blog',
        html: '<h2>Estate Planning Checklist for New Parents</h2><p>A new baby changes every plan you have, including the legal ones. These four documents protect your family if the unexpected happens.</p><ol><li><strong>A will naming a guardian.</strong> Without one, a court decides who raises your child.</li><li><strong>Updated beneficiaries</strong> on life insurance and retirement accounts.</li><li><strong>A revocable living trust</strong> to manage assets until your child is grown.</li><li><strong>Durable power of attorney and health care directives</strong> for both parents.</li></ol><p>Most families can complete all four in two meetings. <a href="https://www.harborpointlaw.example/contact">Contact us</a> to schedule a consultation.</p><p><em>This article is general information, not legal advice.</em></p>',
        metadata: blogMeta(
          'https://www.harborpointlaw.example/blog/new-parents-estate-planning',
          'storybrand',
        ),
      },
      {
        title: 'Harbor Point Law Group Welcomes Partner Alicia Grant',
        content_type: 'press_release',
        html: '<h1>Harbor Point Law Group Welcomes Partner Alicia Grant</h1><h2>Former county prosecutor expands the firm’s family law practice</h2><p><strong>CHARLESTON, S.C. — January 20, 2026</strong> — Harbor Point Law Group today announced that attorney Alicia Grant has joined the firm as a partner leading its family law practice.</p><p>Grant spent eleven years as an assistant solicitor in Charleston County before entering private practice in 2021.</p><blockquote>“Families come to us at some of the hardest moments of their lives,” said Jonathan Reyes, managing partner. “Alicia brings both courtroom experience and real compassion.”</blockquote><h3>About Harbor Point Law Group</h3><p>Harbor Point Law Group serves individuals and small businesses across the Lowcountry in estate planning, family law and business formation.</p><h3>Media contact</h3><p>Jonathan Reyes, (843) 555-0121, intake@harborpointlaw.example</p>',
        metadata: pressReleaseMeta('New family law partner', '2026-01-20'),
      },
      faq(
        'Starting a Business in South Carolina FAQ',
        'Starting a business in South Carolina',
        '<h2>Starting a Business in South Carolina: FAQ</h2><h3>Should I form an LLC or a corporation?</h3><p>Most small businesses choose an LLC for its flexibility and simpler tax filing, but investors often prefer a corporation.</p><h3>How long does it take to form an LLC?</h3><p>Online filings with the Secretary of State are usually approved within two business days.</p><h3>Do I need an operating agreement?</h3><p>South Carolina does not require one, but it prevents costly disputes between owners.</p>',
      ),
    ],
  },
];

const adminFileSchema = z.object({ email: z.string().min(1), password: z.string().min(1) });

export interface SeedOptions {
  /** The running app, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /** The bootstrapped admin's credentials, written by the local runtime. */
  adminFile: string;
  log?: (line: string) => void;
}

export interface SeedResult {
  created: string[];
  skipped: string[];
}

async function loadRuntimeConfig(baseUrl: string): Promise<RuntimeConfig & { userPoolEndpoint: string }> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/config.json`);
  } catch {
    throw new Error(`Cannot reach the app at ${baseUrl}. Start it first with "npm start".`);
  }
  if (!response.ok) throw new Error(`${baseUrl}/config.json answered ${response.status}`);
  const config = runtimeConfigSchema.parse(await response.json());
  if (!config.local || !config.userPoolEndpoint) {
    throw new Error(
      `Refusing to seed ${baseUrl}: it is not the local runtime (demo data is for local use only).`,
    );
  }
  return { ...config, userPoolEndpoint: config.userPoolEndpoint };
}

async function signInAsAdmin(config: RuntimeConfig & { userPoolEndpoint: string }, adminFile: string) {
  let raw: string;
  try {
    raw = await readFile(adminFile, 'utf8');
  } catch {
    throw new Error(
      `No admin credentials at ${adminFile}. Start the app once with "npm start" to create them.`,
    );
  }
  const admin = adminFileSchema.parse(JSON.parse(raw));
  const cognito = new CognitoIdentityProviderClient({
    endpoint: config.userPoolEndpoint,
    region: config.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const result = await cognito.send(
      new InitiateAuthCommand({
        ClientId: config.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password },
      }),
    );
    const idToken = result.AuthenticationResult?.IdToken;
    if (!idToken) throw new Error('Signing in as the local admin returned no token');
    return idToken;
  } finally {
    cognito.destroy();
  }
}

function api(baseUrl: string, token: string) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'user-agent': 'lbm-seed',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  };
}

function contentBody(item: DemoContent): CreateContentInput {
  const text = htmlToText(item.html);
  return {
    title: item.title,
    content: text,
    html_content: item.html,
    content_type: item.content_type,
    // The FAQ tool's metadata has no word count (001 §3); the other tools record one.
    metadata: item.content_type === 'faq' ? item.metadata : { ...item.metadata, wordCount: countWords(text) },
  };
}

export async function runSeed(options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => undefined);
  const config = await loadRuntimeConfig(options.baseUrl);
  const call = api(options.baseUrl, await signInAsAdmin(config, options.adminFile));

  // Every page of the lean list: a demo client may sit past the first page of a long list.
  const taken = new Set<string>();
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ fields: 'id,name', limit: String(CLIENT_PAGE_MAX) });
    if (cursor) query.set('cursor', cursor);
    const page: ClientPage<Pick<Client, 'id' | 'name'>> = await call('GET', `/api/clients?${query}`);
    for (const client of page.clients) taken.add(client.name.trim().toLowerCase());
    cursor = page.next_cursor;
  } while (cursor);
  const result: SeedResult = { created: [], skipped: [] };

  for (const demo of DEMO_CLIENTS) {
    const name = demo.profile.name;
    if (taken.has(name.trim().toLowerCase())) {
      result.skipped.push(name);
      log(`- ${name}: already there, skipped`);
      continue;
    }
    const client = await call<{ id: string }>('POST', '/api/clients', demo.profile);
    for (const item of demo.content) {
      await call('POST', `/api/clients/${client.id}/content`, contentBody(item));
    }
    result.created.push(name);
    log(`+ ${name}: ${demo.content.length} content item(s)`);
  }
  return result;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;

if (invokedDirectly) {
  quietSdkWarnings();
  const baseUrl = `http://127.0.0.1:${process.env.PORT || 3000}`;
  const adminFile = join(resolve(process.env.DATA_DIR || '.data'), 'admin.json');
  runSeed({ baseUrl, adminFile, log: (line) => console.log(line) })
    .then(({ created, skipped }) => {
      console.log(`Seeded ${created.length} client(s), skipped ${skipped.length} that already existed.`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}
