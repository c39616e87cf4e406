import type { CalendarDate } from '#shared/tools/press-release';

/**
 * AP style for press-release datelines: "AUSTIN, Texas — Nov. 21, 2026 —". AP abbreviates Jan., Feb.,
 * Aug., Sept., Oct., Nov. and Dec. with a day, spells out the other months, uses its own state
 * abbreviations (not postal codes), spells out eight states, and lets well-known cities stand alone.
 */

const AP_MONTHS = [
  'Jan.',
  'Feb.',
  'March',
  'April',
  'May',
  'June',
  'July',
  'Aug.',
  'Sept.',
  'Oct.',
  'Nov.',
  'Dec.',
] as const;

/** "Nov. 21, 2026", "March 3, 2026". */
export function apDate(date: CalendarDate): string {
  return `${AP_MONTHS[date.month - 1] ?? 'Jan.'} ${date.day}, ${date.year}`;
}

/** [postal code, full name, AP form] for every state and D.C. */
const STATES: readonly (readonly [string, string, string])[] = [
  ['AL', 'Alabama', 'Ala.'],
  ['AK', 'Alaska', 'Alaska'],
  ['AZ', 'Arizona', 'Ariz.'],
  ['AR', 'Arkansas', 'Ark.'],
  ['CA', 'California', 'Calif.'],
  ['CO', 'Colorado', 'Colo.'],
  ['CT', 'Connecticut', 'Conn.'],
  ['DE', 'Delaware', 'Del.'],
  ['DC', 'District of Columbia', 'D.C.'],
  ['FL', 'Florida', 'Fla.'],
  ['GA', 'Georgia', 'Ga.'],
  ['HI', 'Hawaii', 'Hawaii'],
  ['ID', 'Idaho', 'Idaho'],
  ['IL', 'Illinois', 'Ill.'],
  ['IN', 'Indiana', 'Ind.'],
  ['IA', 'Iowa', 'Iowa'],
  ['KS', 'Kansas', 'Kan.'],
  ['KY', 'Kentucky', 'Ky.'],
  ['LA', 'Louisiana', 'La.'],
  ['ME', 'Maine', 'Maine'],
  ['MD', 'Maryland', 'Md.'],
  ['MA', 'Massachusetts', 'Mass.'],
  ['MI', 'Michigan', 'Mich.'],
  ['MN', 'Minnesota', 'Minn.'],
  ['MS', 'Mississippi', 'Miss.'],
  ['MO', 'Missouri', 'Mo.'],
  ['MT', 'Montana', 'Mont.'],
  ['NE', 'Nebraska', 'Neb.'],
  ['NV', 'Nevada', 'Nev.'],
  ['NH', 'New Hampshire', 'N.H.'],
  ['NJ', 'New Jersey', 'N.J.'],
  ['NM', 'New Mexico', 'N.M.'],
  ['NY', 'New York', 'N.Y.'],
  ['NC', 'North Carolina', 'N.C.'],
  ['ND', 'North Dakota', 'N.D.'],
  ['OH', 'Ohio', 'Ohio'],
  ['OK', 'Oklahoma', 'Okla.'],
  ['OR', 'Oregon', 'Ore.'],
  ['PA', 'Pennsylvania', 'Pa.'],
  ['RI', 'Rhode Island', 'R.I.'],
  ['SC', 'South Carolina', 'S.C.'],
  ['SD', 'South Dakota', 'S.D.'],
  ['TN', 'Tennessee', 'Tenn.'],
  ['TX', 'Texas', 'Texas'],
  ['UT', 'Utah', 'Utah'],
  ['VT', 'Vermont', 'Vt.'],
  ['VA', 'Virginia', 'Va.'],
  ['WA', 'Washington', 'Wash.'],
  ['WV', 'West Virginia', 'W.Va.'],
  ['WI', 'Wisconsin', 'Wis.'],
  ['WY', 'Wyoming', 'Wyo.'],
];

const BY_KEY = new Map<string, string>();
for (const [postal, name, ap] of STATES) {
  for (const key of [postal, name, ap]) BY_KEY.set(key.toLowerCase().replace(/[.\s]/gu, ''), ap);
}

/** The AP form of a state given as a postal code, a name or an AP abbreviation; null when not a US state. */
export function apState(state: string): string | null {
  return BY_KEY.get(state.toLowerCase().replace(/[.\s]/gu, '')) ?? null;
}

/** US cities the AP Stylebook lets stand alone in a dateline. */
const STANDALONE_CITIES = new Set(
  [
    'Atlanta',
    'Baltimore',
    'Boston',
    'Chicago',
    'Cincinnati',
    'Cleveland',
    'Dallas',
    'Denver',
    'Detroit',
    'Honolulu',
    'Houston',
    'Indianapolis',
    'Las Vegas',
    'Los Angeles',
    'Miami',
    'Milwaukee',
    'Minneapolis',
    'New Orleans',
    'New York',
    'Oklahoma City',
    'Philadelphia',
    'Phoenix',
    'Pittsburgh',
    'St. Louis',
    'Salt Lake City',
    'San Antonio',
    'San Diego',
    'San Francisco',
    'Seattle',
    'Washington',
  ].map((city) => city.toLowerCase()),
);

/**
 * "AUSTIN, Texas — Nov. 21, 2026 —": city in capitals, AP state, date. A standalone city drops the
 * state; a non-US region is written as given; without a city the dateline is the date alone.
 */
export function apDateline(city: string | null, state: string | null, date: CalendarDate): string {
  const when = `${apDate(date)} —`;
  const place = city?.trim();
  if (!place) return when;
  const upper = place.toUpperCase();
  if (STANDALONE_CITIES.has(place.toLowerCase())) return `${upper} — ${when}`;
  const region = state?.trim() ? (apState(state) ?? state.trim()) : null;
  return region ? `${upper}, ${region} — ${when}` : `${upper} — ${when}`;
}
