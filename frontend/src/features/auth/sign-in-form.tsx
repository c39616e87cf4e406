import { useState } from 'react';
import { endSentence } from '#shared/text';
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
import { type AuthField, canonicalEmail, signInProblem } from './validation';

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
  // The last problem, shown at its field as well as in the toast.
  const [fieldError, setFieldError] = useState<{ field: AuthField; message: string } | null>(null);
  const errorFor = (field: AuthField) => (fieldError?.field === field ? fieldError.message : null);

  const [pending, onSubmit] = useSubmit(async () => {
    const problem = signInProblem({ email, password }, allowedEmailDomain, AUTH_TOASTS.errorSigningIn);
    setFieldError(problem?.field ? { field: problem.field, message: problem.description } : null);
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
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
          description: endSentence(`We sent a new verification code to ${username}`),
        });
        onNeedsConfirmation(username, password);
        return;
      }
      toast({ title: AUTH_TOASTS.welcomeBack, variant: 'success' });
      onSignedIn();
    } catch (error) {
      const description = isCredentialsError(error)
        ? SIGN_IN_MESSAGES.incorrectCredentials
        : authErrorDescription(error);
      if (isCredentialsError(error)) setFieldError({ field: 'password', message: description });
      toast({ title: AUTH_TOASTS.errorSigningIn, description, variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <FormField label="Email" htmlFor="signin-email" required error={errorFor('email')}>
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
        required
        error={errorFor('password')}
        action={
          <Button
            type="button"
            variant="link"
            // Important, not merged: the first load of /auth has no tailwind-merge (lib/utils.ts).
            className="h-auto! p-0! font-normal! text-xs!"
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
