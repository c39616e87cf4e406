import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth/auth-context';
import { useConfig } from '@/lib/config';
import { toast } from '@/lib/toast';
import { authErrorDescription, isCredentialsError } from './auth-errors';
import { AUTH_TOASTS, SIGN_IN_MESSAGES } from './messages';
import { SubmitButton } from './submit-button';
import { useSubmit } from './use-submit';
import { canonicalEmail, signInProblem } from './validation';

export function SignInForm({
  initialEmail,
  onSignedIn,
  onNeedsConfirmation,
  onForgotPassword,
}: {
  initialEmail: string;
  onSignedIn: () => void;
  onNeedsConfirmation: (email: string, password: string) => void;
  onForgotPassword: (email: string) => void;
}) {
  const { allowedEmailDomain } = useConfig();
  const { signIn, resendCode } = useAuth();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');

  const [pending, onSubmit] = useSubmit(async () => {
    const problem = signInProblem({ email, password }, allowedEmailDomain, AUTH_TOASTS.errorSigningIn);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    const username = canonicalEmail(email);
    try {
      const outcome = await signIn(username, password);
      if (outcome === 'confirmSignUp') {
        // Cognito does not resend the code on a sign-in attempt; send a fresh one for the confirm step.
        await resendCode(username);
        toast({
          title: 'Please verify your email',
          description: `We sent a new verification code to ${username}.`,
        });
        onNeedsConfirmation(username, password);
        return;
      }
      toast({ title: AUTH_TOASTS.welcomeBack, variant: 'success' });
      onSignedIn();
    } catch (error) {
      toast({
        title: AUTH_TOASTS.errorSigningIn,
        description: isCredentialsError(error)
          ? SIGN_IN_MESSAGES.incorrectCredentials
          : authErrorDescription(error),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <FormField label="Email" htmlFor="signin-email">
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          placeholder={`you@${allowedEmailDomain}`}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </FormField>
      <FormField
        label="Password"
        htmlFor="signin-password"
        action={
          <Button
            type="button"
            variant="link"
            className="h-auto p-0 font-normal text-xs"
            onClick={() => onForgotPassword(email.trim())}
          >
            Forgot password?
          </Button>
        }
      >
        <Input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
      <SubmitButton pending={pending}>Sign In</SubmitButton>
    </form>
  );
}
