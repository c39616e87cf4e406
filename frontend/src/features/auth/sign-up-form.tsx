import { useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '#shared/password-policy';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth/auth-context';
import { useConfig } from '@/lib/config';
import { toast } from '@/lib/toast';
import { authErrorDescription } from './auth-errors';
import { AUTH_TOASTS } from './messages';
import { SubmitButton } from './submit-button';
import { useSubmit } from './use-submit';
import { type AuthField, canonicalEmail, signUpProblem } from './validation';

export function SignUpForm({
  onCreated,
  onSignedIn,
}: {
  /** A code was sent: the confirm step comes next. */
  onCreated: (email: string, password: string) => void;
  /** The pool confirmed the account at once and the user is signed in. */
  onSignedIn: () => void;
}) {
  const { allowedEmailDomain } = useConfig();
  const { signUp, signIn } = useAuth();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // The last problem, shown at its field as well as in the toast.
  const [fieldError, setFieldError] = useState<{ field: AuthField; message: string } | null>(null);
  const errorFor = (field: AuthField) => (fieldError?.field === field ? fieldError.message : null);

  const [pending, onSubmit] = useSubmit(async () => {
    const problem = signUpProblem({ email, password }, allowedEmailDomain, AUTH_TOASTS.errorCreatingAccount);
    setFieldError(problem?.field ? { field: problem.field, message: problem.description } : null);
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      return;
    }
    const username = canonicalEmail(email);
    try {
      const { needsConfirmation } = await signUp({ email: username, password, displayName });
      if (needsConfirmation) {
        toast({ title: AUTH_TOASTS.accountCreated, variant: 'success' });
        onCreated(username, password);
        return;
      }
      await signIn(username, password);
      onSignedIn();
    } catch (error) {
      toast({
        title: AUTH_TOASTS.errorCreatingAccount,
        description: authErrorDescription(error),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <FormField label="Display Name (optional)" htmlFor="signup-name">
        <Input
          id="signup-name"
          autoComplete="name"
          placeholder="Jane Doe"
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
        />
      </FormField>
      <FormField
        label="Email"
        htmlFor="signup-email"
        required
        error={errorFor('email')}
        hint={`Only @${allowedEmailDomain} addresses can sign up.`}
      >
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          placeholder={`you@${allowedEmailDomain}`}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </FormField>
      <FormField
        label="Password"
        htmlFor="signup-password"
        required
        error={errorFor('password')}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      >
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
      <SubmitButton pending={pending}>Create Account</SubmitButton>
    </form>
  );
}
