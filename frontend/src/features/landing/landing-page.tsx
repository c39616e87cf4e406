import {
  ArrowRight,
  ArrowUpRight,
  Award,
  Layers,
  LayoutDashboard,
  LogIn,
  Plug,
  ShieldCheck,
  Zap,
} from 'lucide-react';
import { Link } from 'react-router';
import { BrandMark, PRODUCT_NAME } from '@/components/layout/brand';
import { ExternalLink } from '@/components/layout/external-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useHydrated } from '@/hooks/use-hydrated';
import { useAuth } from '@/lib/auth/auth-context';
import { useConfig } from '@/lib/config';
import { cn } from '@/lib/utils';
import { SISTER_TOOLS, type SisterTool } from './sister-tools';

const BENEFITS = [
  {
    title: 'Increased Productivity',
    description: 'Produce newsletters, press releases and posts in minutes instead of hours.',
    icon: Zap,
  },
  {
    title: 'Consistent Quality',
    description: 'Every piece follows each client’s own instructions, tone and structure.',
    icon: ShieldCheck,
  },
  {
    title: 'Professional Results',
    description: 'Publish-ready HTML and text, formatted for email, web and social.',
    icon: Award,
  },
  {
    title: 'Easy Integration',
    description: 'Save to client profiles, publish to WordPress, or connect through the API.',
    icon: Plug,
  },
] as const;

/*
 * This page renders before tailwind-merge is loaded (lib/utils.ts), so a class that overrides one of a
 * component's own is marked important (`gap-4!`) instead of relying on the merge; the first-load e2e
 * test checks that no class list here has a conflict left.
 */
function SisterToolCard({ tool, url }: { tool: SisterTool; url: string | null | undefined }) {
  const Icon = tool.icon;
  // `undefined`: the prerendered page (and its hydration) does not know the deployment's links yet.
  const unknown = url === undefined && tool.comingSoon !== true;
  const disabled = tool.comingSoon === true || url == null;
  return (
    <Card
      className={cn('gap-4! transition-shadow', disabled ? 'opacity-70' : 'hover:shadow-md')}
      aria-disabled={disabled}
    >
      <CardHeader>
        <div className="mb-2 flex items-center justify-between">
          <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          {tool.comingSoon && <Badge variant="secondary">Coming Soon</Badge>}
        </div>
        <CardTitle>
          <h3>{tool.title}</h3>
        </CardTitle>
        <CardDescription>{tool.description}</CardDescription>
      </CardHeader>
      <CardFooter className="mt-auto">
        {disabled ? (
          <Button variant="outline" className="w-full" disabled>
            {tool.comingSoon ? 'Coming Soon' : unknown ? `Open ${tool.title}` : 'Not configured'}
          </Button>
        ) : (
          <Button variant="outline" className="w-full" asChild>
            <ExternalLink href={url ?? undefined} aria-label={`Open ${tool.title} in a new tab`}>
              Open {tool.title}
              <ArrowUpRight />
            </ExternalLink>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

/**
 * Spec 000 §1 landing page at `/`. Sister-tool cards whose URL is not configured are shown disabled
 * ('Not configured') rather than hidden, so the set of tools stays visible and the gap is obvious.
 */
export function LandingPage({ isRouteAvailable }: { isRouteAvailable: (path: string) => boolean }) {
  const { status } = useAuth();
  const { externalLinks } = useConfig();
  // The page is prerendered at build time, before any deployment's links exist (vite.config.ts).
  const hydrated = useHydrated();
  const signedIn = status === 'signedIn';
  const Content = signedIn ? 'div' : 'main';
  const contentSystemsReady = isRouteAvailable('/newsletter');

  return (
    <div
      className={cn(
        'flex w-full flex-col',
        !signedIn && 'min-h-svh bg-gradient-to-b from-accent/60 via-background to-background',
      )}
    >
      {!signedIn && (
        <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-5 md:px-6">
          <Link to="/" className="flex items-center gap-2 font-semibold">
            <BrandMark />
            {PRODUCT_NAME}
          </Link>
          <Button variant="ghost" asChild>
            <Link to="/auth">Sign In</Link>
          </Button>
        </header>
      )}

      {/* Signed in, the page sits inside the sidebar layout's <main>: one main landmark per page. */}
      <Content className="mx-auto flex w-full max-w-6xl flex-col gap-16 px-4 py-12 md:px-6 md:py-16">
        <section className="flex flex-col items-center gap-6 text-center">
          <Badge variant="outline" className="rounded-full! px-3! py-1! text-muted-foreground!">
            AI content studio for local marketing
          </Badge>
          <h1 className="font-bold text-4xl tracking-tight sm:text-5xl md:text-6xl">
            <span className="bg-gradient-to-r from-indigo-700 to-blue-600 bg-clip-text text-transparent">
              {PRODUCT_NAME}
            </span>
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground md:text-xl">
            AI-powered client management and automation: create on-brand content for every client, keep it in
            their profile, and publish it in a few clicks.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            {signedIn ? (
              <Button size="lg" asChild>
                <Link to="/clients">
                  <LayoutDashboard />
                  Go to Dashboard
                </Link>
              </Button>
            ) : (
              <>
                <Button size="lg" asChild>
                  <Link to="/auth">
                    Get Started
                    <ArrowRight />
                  </Link>
                </Button>
                <Button size="lg" variant="outline" asChild>
                  <Link to="/auth">
                    <LogIn />
                    Sign In
                  </Link>
                </Button>
              </>
            )}
          </div>
        </section>

        <section aria-labelledby="tools-heading" className="flex flex-col gap-6">
          <div className="space-y-1 text-center">
            <h2 id="tools-heading" className="font-semibold text-2xl tracking-tight">
              Your tools
            </h2>
            <p className="text-muted-foreground">
              Content creation here, and the agency’s sister tools one click away.
            </p>
          </div>
          <Card className="gap-4! border-primary/20 bg-linear-to-br from-primary/5 to-background">
            <CardHeader className="md:grid-cols-[auto_1fr_auto] md:items-center md:gap-x-6">
              <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground md:row-span-2">
                <Layers className="size-6" aria-hidden="true" />
              </span>
              <h3 data-slot="card-title" className="font-semibold text-xl">
                Content Systems
              </h3>
              <CardDescription className="md:col-start-2">
                Newsletters, press releases, blog rewrites, FAQs, social and Google Business Profile posts,
                images and podcasts, generated with AI from each client’s own instructions.
              </CardDescription>
              <div className="md:col-start-3 md:row-span-2 md:row-start-1">
                {contentSystemsReady ? (
                  <Button asChild>
                    <Link to="/newsletter">
                      Open Content Systems
                      <ArrowRight />
                    </Link>
                  </Button>
                ) : (
                  <Button disabled>Coming Soon</Button>
                )}
              </div>
            </CardHeader>
          </Card>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {SISTER_TOOLS.map((tool) => (
              <SisterToolCard
                key={tool.title}
                tool={tool}
                url={hydrated ? externalLinks[tool.link] : undefined}
              />
            ))}
          </div>
        </section>

        <section aria-labelledby="benefits-heading" className="flex flex-col gap-6">
          <h2 id="benefits-heading" className="text-center font-semibold text-2xl tracking-tight">
            Why {PRODUCT_NAME}
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {BENEFITS.map(({ title, description, icon: Icon }) => (
              <li key={title} className="flex flex-col items-center gap-3 text-center">
                <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-muted-foreground text-sm">{description}</p>
              </li>
            ))}
          </ul>
        </section>
      </Content>

      {!signedIn && (
        // The year is the build's in the prerendered page; a page hydrated in a later year keeps it.
        <footer className="border-t py-6 text-center text-muted-foreground text-sm" suppressHydrationWarning>
          © {new Date().getFullYear()} {PRODUCT_NAME}. For agency staff only.
        </footer>
      )}
    </div>
  );
}
