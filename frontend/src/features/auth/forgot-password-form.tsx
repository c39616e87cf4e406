import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth/auth-context';
import { useConfig } from '@/lib/config';
import { toast } from '@/lib/toast';
import { authErrorDescription } from './auth-errors';
import { AUTH_TOASTS } from './messages';
import { SubmitButton } from './submit-button';
import { useSubmit } from './use-submit';
import { canonicalEmail } from './validation';

/** Spec 000 §4: a separate view that sends the reset e-mail and then moves on to the code step. */
export function ForgotPasswordForm({
  initialEmail,
  onSent,
  onBack,
}: {
  initialEmail: string;
  onSent: (email: string) => void;
  onBack: () => void;
}) {
  const { allowedEmailDomain } = useConfig();
  const { resetPassword } = useAuth();
  const [email, setEmail] = useState(initialEmail);
  // The email's problem, shown at the field as well as in the toast until it is edited.
  const [emailError, setEmailError] = useState<string | null>(null);

  const [pending, onSubmit] = useSubmit(async () => {
    if (email.trim() === '') {
      const description = 'Please enter your email.';
      setEmailError(description);
      toast({ title: AUTH_TOASTS.errorSendingResetEmail, description, variant: 'destructive' });
      return;
    }
    setEmailError(null);
    const username = canonicalEmail(email);
    try {
      await resetPassword(username);
      toast({
        title: AUTH_TOASTS.resetEmailSent,
        description: 'Check your email for the reset code.',
        variant: 'success',
      });
      onSent(username);
    } catch (error) {
      const description = authErrorDescription(error);
      setEmailError(description);
      toast({ title: AUTH_TOASTS.errorSendingResetEmail, description, variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <FormField label="Email" htmlFor="forgot-email" required error={emailError}>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          placeholder={`you@${allowedEmailDomain}`}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(null);
          }}
          autoFocus
        />
      </FormField>
      <SubmitButton pending={pending}>Send Reset Email</SubmitButton>
      <Button type="button" variant="link" className="h-auto p-0 text-sm" onClick={onBack}>
        Back to Sign In
      </Button>
    </form>
  );
}
