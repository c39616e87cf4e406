import { useState } from 'react';
import { endSentence } from '#shared/text';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth/auth-context';
import { toast } from '@/lib/toast';
import { authErrorDescription } from './auth-errors';
import { DevMailboxHint } from './dev-mailbox-hint';
import { AUTH_TOASTS } from './messages';
import { SubmitButton } from './submit-button';
import { useSubmit } from './use-submit';

/**
 * The code step Cognito adds after sign-up. The password typed a moment ago is still in memory, so a
 * confirmed user is signed in straight away, as the spec's e-mail link did.
 */
export function ConfirmSignUpForm({
  email,
  password,
  onConfirmed,
  onBack,
}: {
  email: string;
  password: string;
  onConfirmed: () => void;
  onBack: () => void;
}) {
  const { confirmSignUp, resendCode, signIn } = useAuth();
  const [code, setCode] = useState('');
  // The code's problem, shown at the field as well as in the toast until it is edited.
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  const [pending, onSubmit] = useSubmit(async () => {
    if (code.trim() === '') {
      const description = 'Enter the code from the verification email.';
      setCodeError(description);
      toast({ title: 'Code required', description, variant: 'destructive' });
      return;
    }
    setCodeError(null);
    try {
      await confirmSignUp(email, code);
    } catch (error) {
      const description = authErrorDescription(error);
      setCodeError(description);
      toast({ title: 'Error verifying email', description, variant: 'destructive' });
      return;
    }
    try {
      await signIn(email, password);
      toast({ title: 'Email verified!', description: 'Your account is ready.', variant: 'success' });
      onConfirmed();
    } catch (error) {
      toast({
        title: AUTH_TOASTS.errorSigningIn,
        description: authErrorDescription(error),
        variant: 'destructive',
      });
      onBack();
    }
  });

  const onResend = async () => {
    setResending(true);
    try {
      await resendCode(email);
      toast({ title: 'Code sent', description: endSentence(`A new verification code was sent to ${email}`) });
    } catch (error) {
      toast({
        title: 'Error sending code',
        description: authErrorDescription(error),
        variant: 'destructive',
      });
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <FormField label="Verification code" htmlFor="confirm-code" required error={codeError}>
        <Input
          id="confirm-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setCodeError(null);
          }}
          autoFocus
        />
      </FormField>
      <DevMailboxHint />
      <SubmitButton pending={pending}>Verify Email</SubmitButton>
      <div className="flex items-center justify-between text-sm">
        <Button type="button" variant="link" className="h-auto p-0" onClick={onBack}>
          Back to Sign In
        </Button>
        <Button type="button" variant="link" className="h-auto p-0" onClick={onResend} disabled={resending}>
          Resend code
        </Button>
      </div>
    </form>
  );
}
