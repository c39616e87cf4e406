import {
  Activity,
  CalendarDays,
  ChartColumn,
  CircleHelp,
  FileText,
  Globe,
  ImageIcon,
  KeyRound,
  Layers,
  LayoutDashboard,
  Link2,
  type LucideIcon,
  Mail,
  MapPin,
  Megaphone,
  Mic,
  Newspaper,
  PenLine,
  Send,
  Settings,
  Share2,
  Sheet,
  Sparkles,
  SquareArrowOutUpRight,
  TrendingUp,
  Users,
} from 'lucide-react';

/**
 * The sidebar's icon for each navigation entry, by name. nav-items.ts names them instead of importing
 * them, so the page title (which reads the entries' titles on every page, signed out too) does not bring
 * twenty icons into the first load; only the sidebar, which loads for signed-in users, imports this.
 */
export const NAV_ICONS = {
  Activity,
  CalendarDays,
  ChartColumn,
  CircleHelp,
  FileText,
  Globe,
  ImageIcon,
  KeyRound,
  Layers,
  LayoutDashboard,
  Link2,
  Mail,
  MapPin,
  Megaphone,
  Mic,
  Newspaper,
  PenLine,
  Send,
  Share2,
  Sheet,
  Sparkles,
  Settings,
  SquareArrowOutUpRight,
  TrendingUp,
  Users,
} satisfies Record<string, LucideIcon>;

export type NavIconName = keyof typeof NAV_ICONS;
