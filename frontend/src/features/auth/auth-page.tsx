import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { preloadAuthActions, useAuth } from '@/lib/auth/auth-context';
import {
  clearSessionEndedNotice,
  hasSessionEndedNotice,
  SESSION_ENDED_MESSAGE,
} from '@/lib/auth/session-ended';
import { preloadToaster } from '@/lib/toast';
import { AuthLayout } from './auth-layout';
import { type AuthView, initialAuthView, isResetMode } from './auth-view';
import { ConfirmSignUpForm } from './confirm-sign-up-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

/** Spec 000 §2 `/auth`: Sign In and Sign Up tabs, the confirm step, forgot and reset password. */
/** The Cognito client and the toasts are needed only once the user acts, so they load on first interaction. */
function preloadForInteraction() {
  preloadAuthActions();
  preloadToaster();
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
          description={`We sent a verification code to ${view.email}.`}
        >
          <ConfirmSignUpForm
            email={view.email}
            password={view.password}
            onConfirmed={goHome}
            onBack={() => backToSignIn(view.email)}
          />
        </AuthLayout>
      );
    case 'forgot':
      return (
        <AuthLayout
          onInteract={preloadForInteraction}
          title="Reset your password"
          description="Enter your email and we will send you a reset code."
        >
          <ForgotPasswordForm
            initialEmail={view.email}
            onSent={(email) => setView({ name: 'reset', email, code: '', fromLink: false })}
            onBack={() => backToSignIn(view.email)}
          />
        </AuthLayout>
      );
    case 'reset':
      return (
        <AuthLayout
          onInteract={preloadForInteraction}
          title="Set a new password"
          description="Enter the code from the reset email and your new password."
        >
          <ResetPasswordForm
            initialEmail={view.email}
            initialCode={view.code}
            fromLink={view.fromLink}
            onDone={goHome}
            onBack={() => backToSignIn(view.email)}
          />
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
          <Tabs
            value={view.tab}
            onValueChange={(tab) => setView({ ...view, tab: tab === 'signUp' ? 'signUp' : 'signIn' })}
          >
            <TabsList className="mb-4 grid w-full grid-cols-2">
              <TabsTrigger value="signIn">Sign In</TabsTrigger>
              <TabsTrigger value="signUp">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="signIn">
              <SignInForm
                initialEmail={view.email}
                onSignedIn={goHome}
                onNeedsConfirmation={(email, password) => setView({ name: 'confirm', email, password })}
                onForgotPassword={(email) => setView({ name: 'forgot', email })}
              />
            </TabsContent>
            <TabsContent value="signUp">
              <SignUpForm
                onCreated={(email, password) => setView({ name: 'confirm', email, password })}
                onSignedIn={goHome}
              />
            </TabsContent>
          </Tabs>
        </AuthLayout>
      );
  }
}
