import { SCREEN_TOOL_IDS, TOOL_SCREENS, type ToolScreenPath } from '#shared/tools/tool-screens';

/**
 * The signed-in screens' paths, as plain data: the router pairs each with its lazy loader in
 * `screens.ts`, and tests (the accessibility walk) read the list without loading any React code. The
 * tools' screens come from the tool catalog (shared/tools/catalog.ts); these are the others.
 */
const OTHER_SCREEN_PATHS = [
  '/clients',
  '/wordpress-publisher',
  '/wordpress-editor',
  '/calendar',
  '/api-keys',
  '/documentation',
  '/activity-tracker',
  '/usage',
  '/bulk',
  '/settings',
  '/statements',
] as const;

export type GuardedScreenPath = (typeof OTHER_SCREEN_PATHS)[number] | ToolScreenPath;

export const GUARDED_SCREEN_PATHS: readonly GuardedScreenPath[] = [
  ...SCREEN_TOOL_IDS.map((tool) => TOOL_SCREENS[tool].path),
  ...OTHER_SCREEN_PATHS,
];

/** Screens that render alone, without the app shell (spec 001: /wordpress-editor). */
export const BARE_SCREEN_PATHS: ReadonlySet<GuardedScreenPath> = new Set<GuardedScreenPath>([
  '/wordpress-editor',
]);
