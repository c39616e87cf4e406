import { useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '#shared/password-policy';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth/auth-context';
import { toast } from '@/lib/toast';
import { authErrorDescription, isBadCodeError } from './auth-errors';
import { DevMailboxHint } from './dev-mailbox-hint';
import { AUTH_TOASTS, RESET_CODE_MESSAGES, RESET_LINK_MESSAGES } from './messages';
import { SubmitButton } from './submit-button';
import { useSubmit } from './use-submit';
import { type AuthField, canonicalEmail, resetProblem } from './validation';

/**
 * Cognito resets by code, so the spec's reset link maps to: the code from the e-mail, the new password
 * and its confirmation. After the update the user is signed in with the new password and goes to `/`,
 * as the spec's recovery session did. A mistyped code keeps the user here, whichever way they came
 * (the link or Forgot password), with 'Incorrect code' at the code field and everything they typed
 * kept; an expired code from a link says the link expired, and also keeps the form.
 */
export function ResetPasswordForm({
  initialEmail,
  initialCode,
  fromLink,
  onDone,
  onBack,
}: {
  initialEmail: string;
  initialCode: string;
  /** Opened through `/auth?reset=true`: an expired code means the link expired. */
  fromLink: boolean;
  onDone: () => void;
  onBack: () => void;
}) {
  const { status, confirmResetPassword, signIn, signOut } = useAuth();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState(initialCode);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  // The last problem, shown at its field as well as in the toast until that field is edited.
  const [fieldError, setFieldError] = useState<{ field: AuthField; message: string } | null>(null);
  const errorFor = (field: AuthField) => (fieldError?.field === field ? fieldError.message : null);
  const edited = (field: AuthField) => {
    if (fieldError?.field === field) setFieldError(null);
  };

  const [pending, onSubmit] = useSubmit(async () => {
    const problem = resetProblem({ email, code, password, confirmation }, AUTH_TOASTS.errorUpdatingPassword);
    setFieldError(problem?.field ? { field: problem.field, message: problem.description } : null);
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      return;
    }
    const username = canonicalEmail(email);
    try {
      await confirmResetPassword(username, code, password);
    } catch (error) {
      const badCode = isBadCodeError(error);
      if (badCode === 'expired' && fromLink) {
        setFieldError({ field: 'code', message: RESET_LINK_MESSAGES.invalidDescription });
        toast({
          title: RESET_LINK_MESSAGES.invalidTitle,
          description: RESET_LINK_MESSAGES.invalidDescription,
          variant: 'destructive',
        });
        return;
      }
      if (badCode) {
        setFieldError({ field: 'code', message: RESET_CODE_MESSAGES.incorrect });
        toast({
          title: AUTH_TOASTS.errorUpdatingPassword,
          description: RESET_CODE_MESSAGES.incorrect,
          variant: 'destructive',
        });
        return;
      }
      const description =
        fromLink && authErrorDescription(error) === AUTH_TOASTS.unexpected
          ? RESET_LINK_MESSAGES.processingError
          : authErrorDescription(error);
      toast({ title: AUTH_TOASTS.errorUpdatingPassword, description, variant: 'destructive' });
      return;
    }
    toast({ title: AUTH_TOASTS.passwordUpdated, variant: 'success' });
    try {
      if (status === 'signedIn') await signOut();
      await signIn(username, password);
    } catch (error) {
      // The password did change; the user can still sign in by hand from `/`.
      console.error('Sign-in after the password reset failed:', error);
    }
    onDone();
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <FormField label="Email" htmlFor="reset-email" required error={errorFor('email')}>
        <Input
          id="reset-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            edited('email');
          }}
        />
      </FormField>
      <FormField
        label="Reset code"
        htmlFor="reset-code"
        hint="The code from the password reset email."
        required
        error={errorFor('code')}
      >
        <Input
          id="reset-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            edited('code');
          }}
          autoFocus={initialEmail !== '' && initialCode === ''}
        />
      </FormField>
      <FormField
        label="New Password"
        htmlFor="reset-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        required
        error={errorFor('password')}
      >
        <Input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            edited('password');
          }}
        />
      </FormField>
      <FormField
        label="Confirm New Password"
        htmlFor="reset-confirmation"
        required
        error={errorFor('confirmation')}
      >
        <Input
          id="reset-confirmation"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => {
            setConfirmation(event.target.value);
            edited('confirmation');
          }}
        />
      </FormField>
      <DevMailboxHint />
      <SubmitButton pending={pending}>Update Password</SubmitButton>
      <Button type="button" variant="link" className="h-auto p-0 text-sm" onClick={onBack}>
        Back to Sign In
      </Button>
    </form>
  );
}
