import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { endSentence } from '#shared/text';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { Spinner } from '@/components/ui/spinner';
import { preloadAuthActions, useAuth } from '@/lib/auth/auth-context';
import {
  clearSessionEndedNotice,
  hasSessionEndedNotice,
  SESSION_ENDED_MESSAGE,
} from '@/lib/auth/session-ended';
import { preloadable } from '@/lib/preloadable';
import { preloadableComponent } from '@/lib/preloadable-component';
import { preloadToaster } from '@/lib/toast';
import { AuthLayout } from './auth-layout';
import { AuthTabs } from './auth-tabs';
import { type AuthView, initialAuthView, isResetMode } from './auth-view';
import { SignInForm } from './sign-in-form';

/**
 * The first load of `/auth` holds the sign-in form only
 * (docs/decisions.md, "The frontend: first load and sign-in views": at most 100 KB gzip). The other views
 * load when chosen, and on the first focus or press in the card, so they are normally there by then. They
 * render after tailwind-merge (lib/utils.ts), which loads beside them; this file, the layout, the tabs and
 * the sign-in form render without it, so their class lists override nothing.
 */
/** A view's code with tailwind-merge, which it renders after. */
const withMerge = <M,>(load: () => Promise<M>) =>
  preloadable(() => Promise.all([import('@/lib/class-merge'), load()]).then(([, module]) => module));

const laterViews = {
  signUp: withMerge(() => import('./sign-up-form')),
  confirm: withMerge(() => import('./confirm-sign-up-form')),
  forgot: withMerge(() => import('./forgot-password-form')),
  reset: withMerge(() => import('./reset-password-form')),
};
const SignUpForm = preloadableComponent(laterViews.signUp, (module) => module.SignUpForm);
const ConfirmSignUpForm = preloadableComponent(laterViews.confirm, (module) => module.ConfirmSignUpForm);
const ForgotPasswordForm = preloadableComponent(laterViews.forgot, (module) => module.ForgotPasswordForm);
const ResetPasswordForm = preloadableComponent(laterViews.reset, (module) => module.ResetPasswordForm);

/** Shown in a view's place while its code loads (a slow network), at about a short form's height. */
function ViewLoading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-40 items-center justify-center text-muted-foreground">
          <Spinner />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/** Spec 000 §2 `/auth`: Sign In and Sign Up tabs, the confirm step, forgot and reset password. */
/** The Cognito client, the toasts and the other views are needed only once the user acts, so they load on first interaction. */
function preloadForInteraction() {
  preloadAuthActions();
  preloadToaster();
  for (const view of Object.values(laterViews)) view.load().catch(() => undefined);
}

export function AuthPage() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [view, setView] = useState<AuthView>(() => initialAuthView(search));
  // Shown once, on the sign-in view the user lands on after the server ended their session.
  const [sessionEnded] = useState(hasSessionEndedNotice);
  useEffect(() => {
    if (sessionEnded) clearSessionEndedNotice();
  }, [sessionEnded]);

  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signedIn' && !isResetMode(search) && view.name !== 'reset')
    return <Navigate to="/" replace />;

  const goHome = () => navigate('/', { replace: true });
  const backToSignIn = (email = '') => {
    setView({ name: 'tabs', tab: 'signIn', email });
    if (search.size > 0) navigate('/auth', { replace: true });
  };

  switch (view.name) {
    case 'confirm':
      return (
        <AuthLayout
          onInteract={preloadForInteraction}
          title="Verify your email"
          description={endSentence(`We sent a verification code to ${view.email}`)}
        >
          <ViewLoading>
            <ConfirmSignUpForm
              email={view.email}
              password={view.password}
              onConfirmed={goHome}
              onBack={() => backToSignIn(view.email)}
            />
          </ViewLoading>
        </AuthLayout>
      );
    case 'forgot':
      return (
        <AuthLayout
          onInteract={preloadForInteraction}
          title="Reset your password"
          description="Enter your email and we will send you a reset code."
        >
          <ViewLoading>
            <ForgotPasswordForm
              initialEmail={view.email}
              onSent={(email) => setView({ name: 'reset', email, code: '', fromLink: false })}
              onBack={() => backToSignIn(view.email)}
            />
          </ViewLoading>
        </AuthLayout>
      );
    case 'reset':
      return (
        <AuthLayout
          onInteract={preloadForInteraction}
          title="Set a new password"
          description="Enter the code from the reset email and your new password."
        >
          <ViewLoading>
            <ResetPasswordForm
              initialEmail={view.email}
              initialCode={view.code}
              fromLink={view.fromLink}
              onDone={goHome}
              onBack={() => backToSignIn(view.email)}
            />
          </ViewLoading>
        </AuthLayout>
      );
    case 'tabs':
      return (
        <AuthLayout
          onInteract={preloadForInteraction}
          title="Welcome"
          description="Sign in to your account or create a new one."
          notice={sessionEnded ? SESSION_ENDED_MESSAGE : undefined}
        >
          <AuthTabs
            value={view.tab}
            onValueChange={(tab) => setView({ ...view, tab })}
            tabs={[
              {
                value: 'signIn',
                label: 'Sign In',
                content: (
                  <SignInForm
                    initialEmail={view.email}
                    onSignedIn={goHome}
                    onNeedsConfirmation={(email, password) => setView({ name: 'confirm', email, password })}
                    onForgotPassword={(email) => setView({ name: 'forgot', email })}
                  />
                ),
              },
              {
                value: 'signUp',
                label: 'Sign Up',
                content: (
                  <ViewLoading>
                    <SignUpForm
                      onCreated={(email, password) => setView({ name: 'confirm', email, password })}
                      onSignedIn={goHome}
                    />
                  </ViewLoading>
                ),
              },
            ]}
          />
        </AuthLayout>
      );
  }
}
