import { Link2, type LucideIcon, Send, Sparkles, TrendingUp } from 'lucide-react';
import type { ExternalLinks } from '#shared/runtime-config';

/** The external sister tools of spec 000 §1, each opening in a new tab at its configured URL. */
export interface SisterTool {
  readonly title: string;
  readonly description: string;
  readonly link: keyof ExternalLinks;
  readonly icon: LucideIcon;
  /** Listed as 'Coming Soon' and disabled whatever the configured URL. */
  readonly comingSoon?: boolean;
}

export const SISTER_TOOLS: readonly SisterTool[] = [
  {
    title: 'Backlink Manager',
    description: 'Track, build and monitor backlinks for every client website.',
    link: 'backlinkManager',
    icon: Link2,
  },
  {
    title: 'Google Ads Advisor',
    description: 'AI recommendations to sharpen your clients’ Google Ads campaigns.',
    link: 'googleAdsAdvisor',
    icon: TrendingUp,
  },
  {
    title: 'Email Outreach',
    description: 'Plan and send personalised outreach campaigns at scale.',
    link: 'emailOutreach',
    icon: Send,
  },
  {
    title: 'AI Optimization',
    description: 'Make client content visible in AI search and assistants.',
    link: 'aiOptimization',
    icon: Sparkles,
    comingSoon: true,
  },
];
