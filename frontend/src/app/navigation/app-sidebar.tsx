import { ArrowUpRight, LogOut } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { BrandMark, PRODUCT_NAME } from '@/components/layout/brand';
import { Badge } from '@/components/ui/badge';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  SidebarSeparator,
  useSidebar,
} from '@/components/ui/sidebar';
import { useAuth } from '@/lib/auth/auth-context';
import { toast } from '@/lib/toast';
import { NAV_ICONS } from './nav-icons';
import { activeNavPath, type NavItem } from './nav-items';
import { useNavGroups } from './use-nav-groups';

function NavMenuItem({
  item,
  active,
  onNavigate,
}: {
  item: NavItem;
  active: boolean;
  onNavigate: () => void;
}) {
  const Icon = NAV_ICONS[item.icon];
  if (item.href === null) {
    // Disabled, with why under its name (as the landing page's cards say it): 'Coming Soon', or
    // 'Not configured' for a sister tool whose address this installation has not set.
    return (
      <SidebarMenuItem>
        <SidebarMenuButton
          aria-disabled="true"
          tabIndex={-1}
          tooltip={`${item.title} (${item.hint})`}
          className="h-auto cursor-not-allowed py-1.5"
        >
          <Icon />
          <span className="grid min-w-0 leading-tight">
            <span className="truncate">{item.title}</span>
            <span className="truncate text-[11px] text-sidebar-foreground/80">{item.hint}</span>
          </span>
        </SidebarMenuButton>
      </SidebarMenuItem>
    );
  }
  if (item.external) {
    return (
      <SidebarMenuItem>
        <SidebarMenuButton asChild tooltip={item.title}>
          <a href={item.href} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
            <Icon />
            <span>{item.title}</span>
          </a>
        </SidebarMenuButton>
        <SidebarMenuBadge>
          <ArrowUpRight className="size-3.5 text-muted-foreground" aria-label="opens in a new tab" />
        </SidebarMenuBadge>
      </SidebarMenuItem>
    );
  }
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={active} tooltip={item.title}>
        <Link to={item.href} onClick={onNavigate} aria-current={active ? 'page' : undefined}>
          <Icon />
          <span>{item.title}</span>
        </Link>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

/** Spec 000 §2 side navigation; renders nothing when nobody is signed in. */
export function AppSidebar() {
  const { user, signOut } = useAuth();
  const groups = useNavGroups();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { isMobile, setOpenMobile } = useSidebar();

  if (!user) return null;

  const active = activeNavPath(pathname, groups);
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false);
  };
  const onSignOut = async () => {
    closeOnMobile();
    try {
      await signOut();
      navigate('/auth');
    } catch {
      toast({ title: 'Error', description: 'Sign out failed. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <Sidebar collapsible="icon" aria-label="Main navigation">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip={PRODUCT_NAME}>
              <Link to="/" onClick={closeOnMobile}>
                <BrandMark />
                <span className="grid flex-1 text-left leading-tight">
                  <span className="truncate font-semibold">{PRODUCT_NAME}</span>
                  <span className="truncate text-muted-foreground text-xs">AI content &amp; clients</span>
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarSeparator />
      <SidebarContent className="py-1">
        {groups.map((group) => (
          <SidebarGroup key={group.label} className="py-1">
            <SidebarGroupLabel>{group.label}</SidebarGroupLabel>
            <SidebarGroupContent>
              <SidebarMenu>
                {group.items.map((item) => (
                  <NavMenuItem
                    key={item.title}
                    item={item}
                    active={item.href !== null && item.href === active}
                    onNavigate={closeOnMobile}
                  />
                ))}
              </SidebarMenu>
            </SidebarGroupContent>
          </SidebarGroup>
        ))}
      </SidebarContent>
      <SidebarSeparator />
      <SidebarFooter>
        <div
          className="flex items-center gap-2 px-1 py-1 group-data-[collapsible=icon]:justify-center group-data-[collapsible=icon]:px-0"
          title={user.email}
        >
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-sidebar-accent font-medium text-sidebar-accent-foreground text-sm uppercase"
          >
            {(user.name ?? user.email).charAt(0)}
          </span>
          <span className="grid min-w-0 flex-1 leading-tight group-data-[collapsible=icon]:hidden">
            <span className="flex min-w-0 items-center gap-1.5">
              {/* The display name given at sign-up (the ID token's `name`), else the address's local part. */}
              <span className="truncate font-medium text-sm" data-testid="sidebar-user-name">
                {user.name ?? user.email.split('@')[0]}
              </span>
              {user.isAdmin && (
                <Badge variant="secondary" className="px-1.5 py-0 text-[10px]">
                  Admin
                </Badge>
              )}
            </span>
            <span className="truncate text-muted-foreground text-xs" data-testid="sidebar-user-email">
              {user.email}
            </span>
          </span>
        </div>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton tooltip="Sign Out" onClick={onSignOut}>
              <LogOut />
              <span>Sign Out</span>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}
