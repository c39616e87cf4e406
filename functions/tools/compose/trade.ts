import { terms, words } from './keywords';

/**
 * The client's trade and the words it uses. Offline drafts talk about "patients" and "treatment plans"
 * for a dentist and "homeowners" and "written estimates" for a roofer; a business whose trade cannot
 * be told gets the neutral lexicon, which no trade would find out of place. The trade is read from the
 * client's name, the topic, the instructions and the site's text, in that order of weight.
 */

export interface TradeLexicon {
  readonly id: string;
  /** Words that point to this trade. */
  readonly cues: readonly string[];
  /** "a licensed plumber". */
  readonly pro: string;
  /** "our plumbers". */
  readonly team: string;
  /** Plural people the business serves: "homeowners", "patients". */
  readonly customers: string;
  /** What the work is done on, with a possessive in front: "your home", "your smile". */
  readonly property: string;
  /** A booked visit: "service call", "appointment". */
  readonly visit: string;
  /** A routine check: "inspection", "checkup". */
  readonly check: string;
  /** What the customer gets before agreeing to work: "written estimate", "treatment plan". */
  readonly quote: string;
  /** Three warning signs, as sentences. */
  readonly signs: readonly [string, string, string];
  /** Three practical tips, as imperative sentences. */
  readonly tips: readonly [string, string, string];
  /**
   * Words only this trade (or its group) uses: they must never appear in another trade's draft. The
   * table-driven suite checks every draft against every other trade's list.
   */
  readonly vocabulary: readonly string[];
}

const HOME = ['homeowners', 'written estimate', 'technician', 'tune-up', 'service call'];

export const TRADES: readonly TradeLexicon[] = [
  {
    id: 'plumbing',
    cues: [
      'plumbing',
      'plumber',
      'plumbers',
      'drain',
      'drains',
      'pipe',
      'pipes',
      'faucet',
      'faucets',
      'water heater',
      'sewer',
      'leak',
      'toilet',
      'tankless',
    ],
    pro: 'a licensed plumber',
    team: 'our plumbers',
    customers: 'homeowners',
    property: 'your home',
    visit: 'service call',
    check: 'plumbing inspection',
    quote: 'written estimate',
    signs: [
      'You notice low water pressure or discolored water.',
      'You hear a drain gurgle or see it empty slowly.',
      'Your water bill climbs while your habits stay the same.',
    ],
    tips: [
      'Learn where your main water shut-off valve is before you need it.',
      'Keep grease, wipes and food scraps out of your drains.',
      'Insulate exposed pipes before the first hard freeze.',
    ],
    vocabulary: ['plumber', 'plumbing', 'drain', 'faucet', 'shut-off valve', ...HOME],
  },
  {
    id: 'hvac',
    cues: [
      'hvac',
      'heating',
      'cooling',
      'air conditioning',
      'ac',
      'furnace',
      'heat pump',
      'thermostat',
      'ductwork',
      'ducts',
      'air conditioner',
    ],
    pro: 'a certified HVAC technician',
    team: 'our HVAC technicians',
    customers: 'homeowners',
    property: 'your home',
    visit: 'service call',
    check: 'system check',
    quote: 'written estimate',
    signs: [
      'Some rooms stay warmer or cooler than the rest of the house.',
      'The system runs longer, cycles often or makes new noises.',
      'Your energy bill rises without a change in the weather.',
    ],
    tips: [
      'Change the air filter at least every three months.',
      'Keep the outdoor unit clear of leaves, snow and debris.',
      'Book a tune-up before the heating or cooling season starts.',
    ],
    vocabulary: ['hvac', 'furnace', 'thermostat', 'air filter', 'ductwork', ...HOME],
  },
  {
    id: 'roofing',
    cues: [
      'roof',
      'roofing',
      'roofer',
      'roofs',
      'shingle',
      'shingles',
      'gutter',
      'gutters',
      'hail',
      'storm damage',
      'flashing',
      'attic',
    ],
    pro: 'a licensed roofer',
    team: 'our roofing crew',
    customers: 'homeowners',
    property: 'your roof',
    visit: 'roof inspection',
    check: 'roof inspection',
    quote: 'written estimate',
    signs: [
      'You find cracked, curled or missing shingles after a storm.',
      'Granules collect in the gutters or at the downspouts.',
      'Water stains appear on ceilings or in the attic.',
    ],
    tips: [
      'Clear your gutters in spring and fall so water drains away from the roof.',
      'Photograph your roof after every major storm for your records.',
      'Trim branches that hang over the roof.',
    ],
    vocabulary: ['roofer', 'roofing', 'shingle', 'gutter', 'attic', ...HOME],
  },
  {
    id: 'electrical',
    cues: [
      'electric',
      'electrical',
      'electrician',
      'electricians',
      'wiring',
      'outlet',
      'outlets',
      'breaker',
      'panel',
      'generator',
      'ev charger',
      'lighting',
    ],
    pro: 'a licensed electrician',
    team: 'our electricians',
    customers: 'homeowners',
    property: 'your home',
    visit: 'service call',
    check: 'electrical safety inspection',
    quote: 'written estimate',
    signs: [
      'Breakers trip often or lights flicker when appliances start.',
      'Outlets or switch plates feel warm to the touch.',
      'You smell something burning near an outlet or the panel.',
    ],
    tips: [
      'Test your GFCI outlets every month with the test button.',
      'Never run extension cords under rugs or through doorways.',
      'Label every breaker in your panel so you can act fast.',
    ],
    vocabulary: ['electrician', 'breaker', 'outlet', 'wiring', 'gfci', ...HOME],
  },
  {
    id: 'landscaping',
    cues: [
      'landscaping',
      'landscaper',
      'lawn',
      'lawns',
      'garden',
      'yard',
      'mulch',
      'irrigation',
      'sprinkler',
      'sod',
      'mowing',
      'trees',
      'shrubs',
      'hardscape',
    ],
    pro: 'an experienced landscaper',
    team: 'our landscaping crew',
    customers: 'homeowners',
    property: 'your yard',
    visit: 'site visit',
    check: 'yard assessment',
    quote: 'written estimate',
    signs: [
      'Brown or thin patches spread across the lawn.',
      'Water pools in low spots after rain.',
      'Shrubs and trees drop leaves out of season.',
    ],
    tips: [
      'Give the lawn a deep soak early in the morning, and water less often.',
      'Keep mower blades sharp and never cut more than a third of the grass blade.',
      'Refresh mulch around beds to hold moisture and block weeds.',
    ],
    vocabulary: ['landscaper', 'landscaping', 'lawn', 'mulch', 'mower', 'sprinkler', ...HOME],
  },
  {
    id: 'dental',
    cues: [
      'dental',
      'dentist',
      'dentistry',
      'teeth',
      'tooth',
      'smile',
      'whitening',
      'orthodontic',
      'braces',
      'cleaning',
      'gums',
      'hygienist',
      'implants',
      'invisalign',
      'cavity',
    ],
    pro: 'your dentist',
    team: 'our dental team',
    customers: 'patients',
    property: 'your smile',
    visit: 'appointment',
    check: 'dental checkup',
    quote: 'treatment plan',
    signs: [
      'Your teeth feel sensitive to hot or cold.',
      'Your gums bleed when you brush or floss.',
      'It has been more than six months since your last cleaning.',
    ],
    tips: [
      'Brush twice a day for two minutes with a soft-bristled brush.',
      'Clean between your teeth with floss once a day.',
      'Book a cleaning and exam every six months.',
    ],
    vocabulary: ['dentist', 'dental', 'hygienist', 'gums', 'floss', 'patients'],
  },
  {
    id: 'auto',
    cues: [
      'auto',
      'car',
      'cars',
      'vehicle',
      'vehicles',
      'brake',
      'brakes',
      'oil change',
      'tires',
      'tire',
      'mechanic',
      'transmission',
      'engine',
      'alignment',
    ],
    pro: 'a certified mechanic',
    team: 'our mechanics',
    customers: 'drivers',
    property: 'your vehicle',
    visit: 'service appointment',
    check: 'vehicle inspection',
    quote: 'repair quote',
    signs: [
      'You hear the brakes squeal or grind, or the pedal feels soft.',
      'A warning light stays on after the engine starts.',
      'The car pulls to one side or vibrates at speed.',
    ],
    tips: [
      'Check tire pressure once a month, when the tires are cold.',
      'Follow the oil change interval in your owner’s manual.',
      'Replace wiper blades at least once a year.',
    ],
    vocabulary: ['mechanic', 'brakes', 'tire pressure', 'oil change', 'drivers'],
  },
  {
    id: 'legal',
    cues: [
      'law',
      'lawyer',
      'attorney',
      'attorneys',
      'legal',
      'estate planning',
      'will',
      'wills',
      'trust',
      'probate',
      'injury',
      'divorce',
      'lawsuit',
      'claim',
      'custody',
    ],
    pro: 'an experienced attorney',
    team: 'our attorneys',
    customers: 'clients',
    property: 'your case',
    visit: 'consultation',
    check: 'case review',
    quote: 'fee agreement',
    signs: [
      'A deadline is approaching and the paperwork is not ready.',
      'The other side has hired a lawyer.',
      'Your family or financial situation has changed since your documents were signed.',
    ],
    tips: [
      'Keep copies of every letter, contract and receipt in one folder.',
      'Write down dates and events while they are fresh.',
      'Ask about fees and billing at your first consultation.',
    ],
    vocabulary: ['attorney', 'lawyer', 'legal', 'probate', 'fee agreement'],
  },
  {
    id: 'veterinary',
    cues: [
      'vet',
      'veterinary',
      'veterinarian',
      'pet',
      'pets',
      'dog',
      'dogs',
      'cat',
      'cats',
      'puppy',
      'kitten',
      'vaccines',
      'grooming',
      'animal',
      'flea',
    ],
    pro: 'your veterinarian',
    team: 'our veterinary team',
    customers: 'pet owners',
    property: 'your pet',
    visit: 'visit',
    check: 'wellness exam',
    quote: 'care plan',
    signs: [
      'Your pet eats, drinks or sleeps noticeably more or less than usual.',
      'You notice limping, scratching or a change in coat.',
      'Your pet hides, seems restless or loses interest in play.',
    ],
    tips: [
      'Keep vaccines and parasite prevention on schedule.',
      'Measure each meal to keep your pet at a healthy weight.',
      'Book a wellness exam once a year, twice for senior pets.',
    ],
    vocabulary: ['veterinarian', 'veterinary', 'vaccines', 'pet owners', 'parasite'],
  },
  {
    id: 'salon',
    cues: [
      'salon',
      'spa',
      'hair',
      'haircut',
      'color',
      'stylist',
      'nails',
      'manicure',
      'facial',
      'massage',
      'skin care',
      'skincare',
      'beauty',
      'lashes',
      'waxing',
    ],
    pro: 'a licensed stylist',
    team: 'our stylists',
    customers: 'guests',
    property: 'your look',
    visit: 'appointment',
    check: 'consultation',
    quote: 'personalized quote',
    signs: [
      'Your ends feel dry, split or hard to style.',
      'Your color has faded or your roots show.',
      'Your skin feels tight, dull or more sensitive than usual.',
    ],
    tips: [
      'Book your next appointment before you leave the salon.',
      'Use a heat protectant every time you style with heat.',
      'Bring photos of looks you like to your consultation.',
    ],
    vocabulary: ['stylist', 'salon', 'heat protectant', 'guests'],
  },
  {
    id: 'restaurant',
    cues: [
      'restaurant',
      'menu',
      'dining',
      'dinner',
      'lunch',
      'brunch',
      'chef',
      'catering',
      'cafe',
      'coffee',
      'pizza',
      'tacos',
      'dishes',
      'reservations',
      'food',
    ],
    pro: 'our chef',
    team: 'our kitchen team',
    customers: 'guests',
    property: 'your table',
    visit: 'reservation',
    check: 'tasting',
    quote: 'catering menu',
    signs: [
      'Weekend tables fill up days in advance.',
      'Your group needs a private room or a set menu.',
      'You want dishes made with what is in season.',
    ],
    tips: [
      'Reserve early for weekends and holidays.',
      'Tell us about allergies when you book.',
      'Ask about our seasonal specials when you arrive.',
    ],
    vocabulary: ['chef', 'kitchen', 'reservation', 'dishes', 'menu'],
  },
  {
    id: 'fitness',
    cues: [
      'gym',
      'fitness',
      'workout',
      'workouts',
      'trainer',
      'training',
      'yoga',
      'pilates',
      'classes',
      'strength',
      'cardio',
      'membership',
    ],
    pro: 'a certified trainer',
    team: 'our trainers',
    customers: 'members',
    property: 'your routine',
    visit: 'session',
    check: 'fitness assessment',
    quote: 'membership plan',
    signs: [
      'Your progress has stalled for several weeks.',
      'Workouts leave you sore for days.',
      'You skip sessions because the routine feels stale.',
    ],
    tips: [
      'Warm up for five to ten minutes before every workout.',
      'Schedule workouts like appointments.',
      'Add weight or reps a little at a time.',
    ],
    vocabulary: ['trainer', 'workout', 'reps', 'members', 'gym'],
  },
];

export const NEUTRAL_TRADE: TradeLexicon = {
  id: 'general',
  cues: [],
  pro: 'our team',
  team: 'our team',
  customers: 'customers',
  property: 'your plans',
  visit: 'appointment',
  check: 'review',
  quote: 'clear quote',
  signs: [
    'You have questions that keep coming back.',
    'Something has changed since you last looked into it.',
    'You want a second opinion before you decide.',
  ],
  tips: [
    'Write down your questions before you get in touch.',
    'Ask what is included and what is not.',
    'Keep notes and receipts in one place.',
  ],
  vocabulary: [],
};

function cueCount(text: string, cues: readonly string[]): number {
  const lower = ` ${words(text).join(' ')} `;
  return cues.reduce((sum, cue) => sum + (lower.includes(` ${cue} `) ? 1 : 0), 0);
}

export interface TradeEvidence {
  readonly name?: string | null;
  readonly topic?: string | null;
  readonly instructions?: string | null;
  readonly siteText?: string | null;
}

/**
 * The client's trade: the one its profile (name, site) points to most, the request (topic,
 * instructions) breaking ties. A profile that points to no trade leaves the topic to decide only when it names the
 * trade twice over ("hail damage on shingles"): one shared word ("RV roof") is not a trade, and a
 * draft in the wrong trade's words is worse than a generic one.
 */
export function detectTrade(evidence: TradeEvidence): TradeLexicon {
  let best = NEUTRAL_TRADE;
  let bestScore = 0;
  for (const trade of TRADES) {
    const profile =
      4 * cueCount(evidence.name ?? '', trade.cues) +
      Math.min(3, cueCount((evidence.siteText ?? '').slice(0, 20_000), trade.cues));
    // The request's own words (topic, instructions) break ties, or decide when they name the trade twice.
    const topic = cueCount(`${evidence.topic ?? ''}\n${evidence.instructions ?? ''}`, trade.cues);
    const score = profile > 0 ? 10 * profile + topic : topic >= 2 ? topic : 0;
    if (score > bestScore) {
      best = trade;
      bestScore = score;
    }
  }
  return best;
}

/** The items (tips, signs) that share a content word with a text, in their order: advice on its subject. */
export function itemsOn(text: string, items: readonly string[]): string[] {
  const wanted = new Set(terms(text));
  return items.filter((item) => terms(item).some((term) => wanted.has(term)));
}
